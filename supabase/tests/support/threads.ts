// What the thread tests (threads*.test.ts) do as people, through the RPCs the app calls:
// reply, read a thread's summary and who follows it, make a channel, read a channel's last seq.
import { randomUUID } from 'node:crypto'
import type postgres from 'postgres'
import type { Sql } from 'postgres'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { asRole } from './world.ts'
import type { Person, World } from './world.ts'

export interface ReplyRow {
  id: string
  channel_id: string
  seq: string
  thread_seq: string | null
  parent_id: string | null
  in_channel: boolean
  body: string
}

/** The helpers, for the stack and world a test file's beforeAll makes (read when called). */
export function threadTools(current: () => { stack: TestStack; world: World }) {
  const sqlOf = () => current().stack.sql

  function reply(
    person: Person,
    channel: string,
    parent: string,
    body: string,
    options: { id?: string; inChannel?: boolean; sql?: Sql } = {}
  ): Promise<ReplyRow> {
    return asRole(options.sql ?? sqlOf(), person, async (tx) => {
      const [row] = await tx<ReplyRow[]>`
        select * from public.send_message(${options.id ?? randomUUID()}, ${channel}, ${body},
          '[]'::jsonb, ${parent}, ${options.inChannel ?? false})`
      return row!
    })
  }

  function rpc<T extends object>(
    person: Person,
    call: (tx: postgres.TransactionSql) => Promise<T[]>
  ) {
    return asRole(sqlOf(), person, call)
  }

  async function summary(thread: string) {
    const [row] = await sqlOf()<
      {
        reply_count: number
        last_seq: string
        last_repliers: string[]
        last_reply_at: Date | null
      }[]
    >`select reply_count, last_seq, last_repliers, last_reply_at from public.threads where id = ${thread}`
    return row
  }

  async function follows(thread: string): Promise<Record<string, boolean>> {
    const rows = await sqlOf()<{ user_id: string; following: boolean }[]>`
      select user_id, following from public.thread_members where thread_id = ${thread}`
    return Object.fromEntries(rows.map((r) => [r.user_id, r.following]))
  }

  /** A new public channel of the workspace, made by the person with the others in it. */
  function newChannel(person: Person, others: Person[]): Promise<string> {
    return asRole(sqlOf(), person, async (tx) => {
      const [c] = await tx<{ id: string }[]>`
        select id from public.create_channel(${current().world.ws},
          ${`t-${randomUUID().slice(0, 8)}`}, 'public', '', ${others.map((o) => o.id)})`
      return c!.id
    })
  }

  async function lastSeq(channel: string): Promise<number> {
    const [row] = await sqlOf()<{ last_seq: string }[]>`
      select last_seq from public.channels where id = ${channel}`
    return Number(row!.last_seq)
  }

  return { reply, rpc, summary, follows, newChannel, lastSeq }
}
