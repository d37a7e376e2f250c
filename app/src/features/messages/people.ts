// Who is in a conversation, as its rows need them: me, names, avatars and how a mention reads.
// A module of its own: the rows, the thread panel, the Threads view and the context view share
// it without importing one another.
import type { ReactNode } from 'react'
import type { ResolveMention } from './markdown/MessageBody.tsx'

export interface People {
  me: string
  nameOf: (userId: string) => string
  avatarOf: (userId: string, size: number) => ReactNode
  resolveMention: ResolveMention
}
