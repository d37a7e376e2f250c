// What search and the quick switcher know of the workspace they open in: a module of its own,
// so the launcher and the dialogs it loads lazily share it without importing one another.
import type { Channel } from '../channels/index.ts'
import type { Member } from '../workspaces/index.ts'

export interface SearchContext {
  workspaceId: string
  workspaceName: string
  channels: Channel[]
  members: Member[]
  me: string
  nameOf: (userId: string) => string
}
