// Avatars are shown through Storage's image transformation, resized on the server to the size
// drawn (doubled for sharp screens), never as the full upload.
import { supabase } from '../../../lib/supabase.ts'
import { AVATAR_BUCKET } from './profile-update-mutation.ts'

export function avatarUrl(path: string, size: number): string {
  const px = Math.round(size * 2)
  return supabase()
    .storage.from(AVATAR_BUCKET)
    .getPublicUrl(path, { transform: { width: px, height: px, resize: 'cover' } }).data.publicUrl
}
