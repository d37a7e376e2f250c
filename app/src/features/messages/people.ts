// Who is in a conversation, as its rows need them: me, names, avatars and how a mention reads.
// A module of its own: the rows, the thread panel, the Threads view and the context view share
// it without importing one another.
import type { ReactNode } from 'react'
import type { ResolveMention } from './markdown/MessageBody.tsx'

export interface People {
  me: string
  /** null: a message without an author (an app's, or a removed account's). */
  nameOf: (userId: string | null) => string
  avatarOf: (userId: string | null, size: number) => ReactNode
  resolveMention: ResolveMention
}
