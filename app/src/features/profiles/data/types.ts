export interface Profile {
  id: string
  displayName: string
  avatarPath: string | null
}

export interface ProfileRow {
  id: string
  display_name: string | null
  avatar_path: string | null
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    displayName: row.display_name?.trim() || 'Unnamed',
    avatarPath: row.avatar_path,
  }
}
