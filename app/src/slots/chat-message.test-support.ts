// The app's tests' one ChatMessage: neutral defaults, each test patching what it is about.
import type { ChatMessage } from './message.ts'

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
