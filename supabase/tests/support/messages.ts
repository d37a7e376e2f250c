// Messages as the app sends them, for the tests of the message RPCs: send_message() as a member
// (role authenticated, the member's claims), returning the stored row.
import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import { asRole } from './world.ts'
import type { Person } from './world.ts'

export interface MessageRow {
  id: string
  channel_id: string
  seq: string
  author_id: string
  body: string
  mentions: string[]
  edited_at: Date | null
  deleted_at: Date | null
}

/** send_message() as `person`, on `sql` (a pool of the test's stack). */
export function sendAs(
  sql: Sql,
  person: Person,
  channel: string,
  body: string,
  id: string = randomUUID(),
  attachments: unknown[] = []
): Promise<MessageRow> {
  return asRole(sql, person, async (tx) => {
    const [row] = await tx<MessageRow[]>`
      select * from public.send_message(${id}, ${channel}, ${body}, ${tx.json(attachments as never)})`
    return row!
  })
}
