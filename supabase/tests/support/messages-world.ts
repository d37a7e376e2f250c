// The set-up of the message RPCs' tests (messages.test.ts, attachments-send.test.ts):
// a stack with the matrix's world and a pool with more connections for concurrent senders;
// send_message as a person, and a channel's last seq.
import { randomUUID } from 'node:crypto'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll } from 'vitest'
import { sendAs } from './messages.ts'
import type { MessageRow } from './messages.ts'
import type { Person } from './world.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface MessagesWorld extends WorldStack {
  /** More connections than stack.sql has, for concurrent senders. */
  pool: Sql
  /** send_message as the person (on stack.sql unless another pool is given). */
  send: (
    person: Person,
    channel: string,
    body: string,
    id?: string,
    attachments?: unknown[],
    sql?: Sql
  ) => Promise<MessageRow>
  lastSeq: (channel: string) => Promise<number>
}

/** Registers the file's beforeAll/afterAll; the stack, world and pool are set once it ran. */
export function useMessagesWorld(): MessagesWorld {
  const t = useWorldStack({} as MessagesWorld)
  t.send = function send(
    person: Person,
    channel: string,
    body: string,
    id: string = randomUUID(),
    attachments: unknown[] = [],
    sql: Sql = t.stack.sql
  ): Promise<MessageRow> {
    return sendAs(sql, person, channel, body, id, attachments)
  }

  t.lastSeq = async function lastSeq(channel: string): Promise<number> {
    const [row] = await t.stack.sql<
      { last_seq: string }[]
    >`select last_seq from public.channels where id = ${channel}`
    return Number(row!.last_seq)
  }

  beforeAll(async () => {
    t.pool = postgres(t.stack.dbUrl, { max: 8, onnotice: () => {} })
  })

  afterAll(async () => {
    await t.pool?.end({ timeout: 2 })
  })
  return t
}
