import type { Tables } from '../../../lib/database.types.ts'

export interface Profile {
  id: string
  displayName: string
  avatarPath: string | null
}

export type ProfileRow = Pick<Tables<'profiles'>, 'id' | 'display_name' | 'avatar_path'>

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    displayName: row.display_name?.trim() || 'Unnamed',
    avatarPath: row.avatar_path,
  }
}
