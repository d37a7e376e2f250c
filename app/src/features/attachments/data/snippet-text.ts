// A snippet's text (snippet/TextSnippet.tsx): the file fetched from Storage through supabase-js
// with the viewer's own rights (Storage's policies: members of the channel), read as UTF-8. Kept
// while the message is on screen, fetched once it comes near the view.
import { useQuery } from '@tanstack/react-query'
import { storage } from '../../../lib/supabase.ts'
import { ATTACHMENT_BUCKET } from './rules.ts'
import { attachmentKeys } from './signed-url.ts'

/** The file's text, or null when it is not UTF-8 text (a video named .ts, say). */
export async function snippetText(path: string): Promise<string | null> {
  const { data, error } = await (await storage()).from(ATTACHMENT_BUCKET).download(path)
  if (error) throw error
  const bytes = await data.arrayBuffer()
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return text.includes('\0') ? null : text
  } catch {
    return null
  }
}

export function useSnippetText(path: string, enabled: boolean) {
  return useQuery({
    queryKey: [...attachmentKeys.all, 'text', path],
    queryFn: () => snippetText(path),
    enabled,
    staleTime: Infinity,
    gcTime: 300_000,
  })
}
