// The app's tests' one ChatMessage: neutral defaults, each test patching what it is about.
import type { ChatMessage, People, ThreadSummary } from './message.ts'

export function chatMessage(patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm1',
    channelId: 'c',
    seq: 1,
    authorId: 'ann',
    body: 'hi',
    createdAt: '2026-01-10T09:00:00Z',
    editedAt: null,
    deletedAt: null,
    reactions: [],
    attachments: [],
    ...patch,
  }
}

/** A conversation's people for the tests: me is Mia, anyone else Ann; no avatars or mentions. */
export const testPeople: People = {
  me: 'me',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the tests' names
  nameOf: (id) => (id === 'me' ? 'Mia' : 'Ann'),
  avatarOf: () => null,
  resolveMention: () => null,
}

/** A thread of two replies under m2, Ann's the last. */
export const testThread: ThreadSummary = {
  threadId: 'm2',
  replyCount: 2,
  lastSeq: 2,
  lastReplyAt: '2026-01-10T09:05:00Z',
  lastRepliers: ['ann'],
}
