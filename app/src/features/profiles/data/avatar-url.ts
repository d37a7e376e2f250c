// Avatars are shown through Storage's image transformation, resized on the server to the size
// drawn (doubled for sharp screens), never as the full upload. The address is the one storage-js's
// getPublicUrl(path, { transform }) makes, written here: Storage's client is not in the first
// screen (lib/supabase.ts).
import { storageUrl } from '../../../lib/supabase.ts'

/** The public bucket of avatars (supabase/config.toml). */
export const AVATAR_BUCKET = 'avatars'

export function avatarUrl(path: string, size: number): string {
  const px = String(Math.round(size * 2))
  const query = new URLSearchParams({ width: px, height: px, resize: 'cover' })
  const object = `${AVATAR_BUCKET}/${path.replace(/^\/+/, '')}`
  return `${encodeURI(`${storageUrl()}/render/image/public/${object}`)}?${query}`
}
