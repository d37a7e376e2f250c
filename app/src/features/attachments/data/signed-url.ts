// Attachments live in a private bucket: people see them through short-lived signed URLs, which
// Storage issues only to those its policies let read the file (members of the channel).
import { useQuery } from '@tanstack/react-query'
import { storage } from '../../../lib/supabase.ts'
import { ATTACHMENT_BUCKET } from './rules.ts'

const TTL_SECONDS = 3600

export const attachmentKeys = {
  all: ['attachments'] as const,
  signed: (path: string, download: boolean) =>
    [...attachmentKeys.all, 'signed', path, download] as const,
}

export async function signedUrl(path: string, download: string | null): Promise<string> {
  const { data, error } = await (
    await storage()
  )
    .from(ATTACHMENT_BUCKET)
    .createSignedUrl(path, TTL_SECONDS, download ? { download } : undefined)
  if (error) throw error
  return data.signedUrl
}

export function useSignedUrl(path: string, download: string | null = null) {
  return useQuery({
    queryKey: attachmentKeys.signed(path, download !== null),
    queryFn: () => signedUrl(path, download),
    // Renew well before the URL expires.
    staleTime: (TTL_SECONDS - 300) * 1000,
    gcTime: (TTL_SECONDS - 300) * 1000,
  })
}
