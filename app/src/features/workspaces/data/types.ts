export type Role = 'owner' | 'admin' | 'member' | 'guest'

export interface Workspace {
  id: string
  name: string
  slug: string
  role: Role
  unread: number
  /** The largest file people may share here (bytes; Workspace settings). */
  max_file_bytes: number
}

export interface Member {
  userId: string
  role: Role
  displayName: string
  avatarPath: string | null
}

export interface Invite {
  token: string
  email: string | null
  role: Role
  expiresAt: string
}

export function canManage(role: Role | undefined): boolean {
  return role === 'owner' || role === 'admin'
}
