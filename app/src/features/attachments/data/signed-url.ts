// Attachments live in a private bucket: people see them through short-lived signed URLs, which
// Storage issues only to those its policies let read the file (members of the channel). Storage
// checks a URL it signed against its expiry alone, so a URL handed out serves the file until then,
// also after its holder lost access to the channel: ten minutes, not hours (issue 69). A URL is
// signed again two minutes before it expires while its download button is shown (an image already
// shown stays on screen; the viewer shows the same, loaded, image), and when the window comes back
// into focus after that; once the person may no longer read the file, signing is refused and the
// button says "Unavailable".
import { useQuery } from '@tanstack/react-query'
import { storage } from '../../../lib/supabase.ts'
import { ATTACHMENT_BUCKET } from './rules.ts'

/** How long a signed attachment URL lives: 10 minutes. */
const TTL_SECONDS = 600
/** A URL this old (8 minutes, two before it expires) is signed again. */
const FRESH_MS = 480_000

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
    staleTime: FRESH_MS,
    gcTime: FRESH_MS,
    // A download link is followed later: kept fresh while shown.
    refetchInterval: !!download && FRESH_MS,
  })
}
