// Realtime helpers of the RLS suites: what a subscriber received, and private topics joined with
// the real supabase-js, each on a connection of its own (the server answers a refused join after
// a 5 s backoff per connection, as the real Realtime does, so joins are attempted at once).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { clientFor } from './rest-checker.ts'
import type { Person } from './world.ts'

/** The live topics the app subscribes to (sent by the database, read-only for clients). */
export const liveTopic = {
  channel: (id: string) => `live:channel:${id}`,
  workspace: (id: string) => `live:workspace:${id}`,
  user: (id: string) => `live:user:${id}`,
}

/** One event a subscriber received: a broadcast, a presence change or a postgres change. */
export interface Heard {
  topic: string
  kind: 'broadcast' | 'presence' | 'postgres_changes'
  event: string
  payload: Record<string, unknown>
}

/** A live event's row (the row after an insert or update, before a delete). */
export const recordOf = (h: Heard) => (h.payload.record ?? {}) as Record<string, unknown>

/** What one subscriber received, and a way to wait for an event to arrive. */
export class Inbox {
  readonly heard: Heard[] = []
  private waiters: { test: (h: Heard) => boolean; resolve: () => void }[] = []
  readonly push = (heard: Heard) => {
    this.heard.push(heard)
    this.waiters = this.waiters.filter((w) => (w.test(heard) ? (w.resolve(), false) : true))
  }
  until(test: (h: Heard) => boolean): Promise<void> {
    if (this.heard.some(test)) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ test, resolve }))
  }
}

export interface Joined {
  joined: boolean
  client: SupabaseClient
  channel: RealtimeChannel
}

/**
 * Joins a private topic as the person (null: anonymous) on a connection of its own, listening
 * to every broadcast (and with presence, to everyone who appears) into the inbox; whether the
 * read policy let it in.
 */
export async function joinPrivate(
  stack: TestStack,
  person: Person | null,
  topic: string,
  inbox?: Inbox,
  options: { ack?: boolean; presence?: boolean } = {}
): Promise<Joined> {
  const client = clientFor(stack, person)
  if (person) await client.realtime.setAuth(person.token)
  const channel = client.channel(topic, {
    config: {
      private: true,
      broadcast: { self: false, ack: options.ack ?? false },
      presence: { enabled: options.presence ?? false },
    },
  })
  if (inbox) {
    channel.on('broadcast', { event: '*' }, (message: { event: string; payload: unknown }) =>
      inbox.push({
        topic,
        kind: 'broadcast',
        event: message.event,
        payload: (message.payload ?? {}) as Record<string, unknown>,
      })
    )
    if (options.presence) {
      channel.on('presence', { event: 'join' }, (payload: Record<string, unknown>) =>
        inbox.push({ topic, kind: 'presence', event: 'join', payload })
      )
    }
  }
  const joined = await new Promise<boolean>((resolve) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve(true)
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED')
        resolve(false)
    })
  })
  if (!joined) await leave({ client })
  return { joined, client, channel }
}

export async function leave(attempt: { client: SupabaseClient }): Promise<void> {
  await attempt.client.removeAllChannels()
  attempt.client.realtime.disconnect()
}
