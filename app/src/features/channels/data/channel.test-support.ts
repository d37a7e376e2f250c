// The app's tests' one Channel: a public channel I am in, nothing unread, each test patching what
// it is about.
import type { Channel } from './types.ts'

export function testChannel(id: string, patch: Partial<Channel> = {}): Channel {
  return {
    id,
    workspaceId: 'w',
    kind: 'public',
    name: id,
    topic: null,
    archivedAt: null,
    lastSeq: 0,
    isMember: true,
    isDefault: false,
    createdBy: null,
    lastReadSeq: 0,
    unread: 0,
    mentions: 0,
    dmMembers: [],
    ...patch,
  }
}
