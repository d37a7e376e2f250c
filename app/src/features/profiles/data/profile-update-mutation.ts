// Display name, avatar and language (null: follow the browser's). The avatar goes to the public
// `avatars` bucket under the person's own folder (the bucket's policy allows nothing else) and is
// shown resized by Storage.
import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TablesUpdate } from '../../../lib/database.types.ts'
import { browserLanguage } from '../../../lib/i18n.ts'
import type { Language } from '../../../lib/i18n.ts'
import { storage, supabase } from '../../../lib/supabase.ts'
import { newId } from '../../../lib/uuid.ts'
import { AVATAR_BUCKET } from './avatar-url.ts'

// The avatars bucket allows 2 MiB of PNG, JPEG, GIF or WebP; the app asks for 2 MB (SI, as every
// size is written: lib/sizes.ts), so the limit reads as it is.
export const AVATAR_MAX_BYTES = 2_000_000
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

export function checkAvatar(file: File): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return t`Choose a PNG, JPEG, WebP or GIF image.`
  if (file.size > AVATAR_MAX_BYTES) return t`Choose an image under 2 MB.`
  return null
}

export interface ProfileChange {
  displayName?: string
  avatar?: File
  /** null: follow the browser's language. */
  language?: Language | null
  /** An IANA time zone (the server refuses one it does not know: time_zone_unknown). */
  timeZone?: string
}

export async function updateProfile(userId: string, change: ProfileChange): Promise<void> {
  const patch: TablesUpdate<'profiles'> = {}
  if (change.displayName !== undefined) patch.display_name = change.displayName.trim()
  if (change.language !== undefined) patch.language = change.language
  if (change.timeZone !== undefined) patch.time_zone = change.timeZone
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
  if (change.language !== undefined) {
    // Auth's emails (a password reset, a sign-in link) see only the account's metadata: it gets
    // the language shown, the browser's when the profile follows it.
    const language = change.language ?? browserLanguage()
    const { error: metadataError } = await supabase().auth.updateUser({ data: { language } })
    if (metadataError) throw metadataError
  }
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: ProfileChange) => updateProfile(userId, change),
    // Names and pictures show everywhere (rosters, sidebars, messages): refresh all of it.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
