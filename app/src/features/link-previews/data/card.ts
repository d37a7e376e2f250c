// What a preview card asks of Supabase (loaded with the cards' chunk): its image's signed URL
// (bucket link-previews: Storage signs only for the channel's members) and the author's removal.
import { useQuery } from '@tanstack/react-query'
import { storage, supabase } from '../../../lib/supabase.ts'
import { cleanError } from '../../../lib/clean-error.ts'

const BUCKET = 'link-previews'
// Ten minutes, as attachments' (attachments/data/signed-url.ts): a URL handed out outlives its
// holder's access to the channel by at most that.
const TTL_SECONDS = 10 * 60

export function usePreviewImageUrl(path: string | null) {
  return useQuery({
    queryKey: ['link-previews', 'signed', path],
    queryFn: async () => {
      const { data, error } = await (
        await storage()
      )
        .from(BUCKET)
        .createSignedUrl(path ?? '', TTL_SECONDS)
      if (error) throw error
      return data.signedUrl
    },
    enabled: path !== null,
    // Renewed (on focus, or when shown again) two minutes before the URL expires.
    staleTime: (TTL_SECONDS - 120) * 1000,
    gcTime: (TTL_SECONDS - 120) * 1000,
  })
}

/** remove_link_preview(): null when done (the change then arrives live), else the message. */
export async function removePreview(id: string): Promise<string | null> {
  const { error } = await supabase().rpc('remove_link_preview', { p_id: id })
  return error ? cleanError(error) : null
}
