// Display name and avatar. The avatar goes to the public `avatars` bucket under the person's own
// folder (the bucket's policy allows nothing else) and is shown resized by Storage.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TablesUpdate } from '../../../lib/database.types.ts'
import { storage, supabase } from '../../../lib/supabase.ts'
import { newId } from '../../../lib/uuid.ts'
import { AVATAR_BUCKET } from './avatar-url.ts'

// The avatars bucket allows 2 MB of PNG, JPEG, GIF or WebP.
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

export function checkAvatar(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.'
  if (file.size > AVATAR_MAX_BYTES) return 'Choose an image under 2 MB.'
  return null
}

export async function updateProfile(
  userId: string,
  change: { displayName?: string; avatar?: File }
): Promise<void> {
  const patch: TablesUpdate<'profiles'> = {}
  if (change.displayName !== undefined) patch.display_name = change.displayName.trim()
  if (change.avatar) {
    const problem = checkAvatar(change.avatar)
    if (problem) throw new Error(problem)
    const extension = change.avatar.type.split('/')[1] ?? 'png'
    const path = `${userId}/${newId()}.${extension}`
    const { error } = await (
      await storage()
    )
      .from(AVATAR_BUCKET)
      .upload(path, change.avatar, { contentType: change.avatar.type, upsert: false })
    if (error) throw error
    patch.avatar_path = path
  }
  const { error } = await supabase().from('profiles').update(patch).eq('id', userId)
  if (error) throw error
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { displayName?: string; avatar?: File }) => updateProfile(userId, change),
    // Names and pictures show everywhere (rosters, sidebars, messages): refresh all of it.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
