// Deterministic ids: everything an import creates has a UUID v5 (RFC 9562) of the workspace's id
// (the namespace) and the archive's own identity of the thing (a Slack id, a conversation and a
// ts), so importing the same archive again, or replaying an interrupted slice, makes the same
// ids and the database's `on conflict do nothing` doubles nothing.
import { createHash } from 'node:crypto'

function bytesOf(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex')
}

/** UUID v5 of `name` in the namespace `namespace` (a uuid). */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash('sha1').update(bytesOf(namespace)).update(name, 'utf8').digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The ids of one import into one workspace. */
export function idsFor(workspaceId: string) {
  const id = (name: string) => uuidV5(workspaceId, name)
  return {
    person: (slackUser: string) => id(`user:${slackUser}`),
    channel: (slackConversation: string) => id(`conversation:${slackConversation}`),
    message: (conversation: string, ts: string) => id(`message:${conversation}:${ts}`),
    attachment: (conversation: string, ts: string, file: string) =>
      id(`file:${conversation}:${ts}:${file}`),
    reaction: (message: string, user: string, emoji: string) =>
      id(`reaction:${message}:${user}:${emoji}`),
  }
}
