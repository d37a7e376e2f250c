// The set-up of channels.test.ts: a stack with the matrix's world, and the channel RPCs as a
// person calls them (create_channel, open_dm, channel_list, any query), with a fresh name.
import { randomUUID } from 'node:crypto'
import type { Row } from 'postgres'
import { asRole } from './world.ts'
import type { Person, World } from './world.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface Channel {
  id: string
  name: string | null
  kind: string
  topic: string
  archived_at: Date | null
}

export interface ListedChannel {
  id: string
  name: string | null
  kind: string
  unread_count: string
  mention_count: string
  last_read_seq: string
  last_seq: string
  members: { id: string; display_name: string }[] | null
}

export interface ChannelsWorld extends WorldStack {
  p: () => World['people']
  /** A name no channel has yet. */
  uniqueName: () => string
  createChannel: (
    by: Person,
    name: string,
    kind?: 'public' | 'private' | 'dm',
    members?: Person[],
    topic?: string
  ) => Promise<Channel>
  openDm: (by: Person, others: Person[], ws?: string) => Promise<Channel>
  list: (by: Person) => Promise<ListedChannel[]>
  /** A query as the person, with its parameters. */
  call: (by: Person, query: string, ...args: unknown[]) => Promise<Row[]>
}

/** Registers the file's beforeAll/afterAll; the stack and world are set once beforeAll has run. */
export function useChannelsWorld(): ChannelsWorld {
  const t = useWorldStack({} as ChannelsWorld)
  t.p = () => t.world.people
  t.uniqueName = () => `room-${randomUUID().slice(0, 8)}`

  t.createChannel = function createChannel(
    by: Person,
    name: string,
    kind: 'public' | 'private' | 'dm' = 'public',
    members: Person[] = [],
    topic = ''
  ): Promise<Channel> {
    return asRole(t.stack.sql, by, async (tx) => {
      const [c] = await tx<Channel[]>`
      select * from public.create_channel(${t.world.ws}, ${name}, ${kind}, ${topic}, ${members.map((m) => m.id)})`
      return c!
    })
  }

  t.openDm = (by: Person, others: Person[], ws = t.world.ws) =>
    asRole(t.stack.sql, by, async (tx) => {
      const [c] = await tx<
        Channel[]
      >`select * from public.open_dm(${ws}, ${others.map((o) => o.id)})`
      return c!
    })

  t.list = (by: Person) =>
    asRole(
      t.stack.sql,
      by,
      (tx) => tx<ListedChannel[]>`select * from public.channel_list(${t.world.ws})`
    )

  t.call = (by: Person, query: string, ...args: unknown[]) =>
    asRole(t.stack.sql, by, (tx) => tx.unsafe(query, args as never[]))
  return t
}
