// Unconfirmed sends, kept in local storage per person and channel, so a reload, a crash or an
// expired session loses nothing typed (a session the server refuses to renew drops them, and a
// channel lost drops its own: lib/forget-person.ts, lib/lost-channels.ts). A send that was in
// flight at reload time is stored as `waiting`: resending it is safe because the server ignores
// a repeated message id.
import { readJson, writeJson } from '../../../lib/local-store.ts'
import type { KeyValueStore } from '../../../lib/local-store.ts'
import type { PendingMessage } from './types.ts'

const PREFIX = 'chorus.outbox.v1'

export class Outbox {
  constructor(
    private readonly store: KeyValueStore,
    private readonly userId: string
  ) {}

  private key(channelId: string): string {
    return `${PREFIX}.${this.userId}.${channelId}`
  }

  load(channelId: string): PendingMessage[] {
    const items = readJson<unknown>(this.store, this.key(channelId), [])
    if (!Array.isArray(items)) return []
    return items
      .filter(isPending)
      .map((item) => (item.state === 'sending' ? { ...item, state: 'waiting' as const } : item))
  }

  save(channelId: string, items: PendingMessage[]): void {
    if (items.length === 0) this.store.removeItem(this.key(channelId))
    else writeJson(this.store, this.key(channelId), items)
  }
}

function isPending(value: unknown): value is PendingMessage {
  const v = value as Partial<PendingMessage> | null
  return (
    !!v &&
    typeof v.id === 'string' &&
    typeof v.channelId === 'string' &&
    typeof v.body === 'string' &&
    typeof v.createdAt === 'string' &&
    Array.isArray(v.attachments) &&
    (v.state === 'waiting' || v.state === 'sending' || v.state === 'failed')
  )
}
