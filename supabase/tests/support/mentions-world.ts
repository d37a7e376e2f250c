// The set-up of groups-broadcast-mentions.test.ts: a stack with the matrix's world; a message sent
// as a person (its stored mentions), a channel's message count, a user group made as a person,
// and a refusal's SQLSTATE.
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { asRole } from './world.ts'
import type { Person } from './world.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface MentionsWorld extends WorldStack {
  /** Sends `body` to the channel as the person; returns the stored message's mentions. */
  send: (person: Person, channel: string, body: string) => Promise<string[]>
  countIn: (channel: string) => Promise<number>
  createGroup: (
    person: Person,
    handle: string,
    members?: Person[]
  ) => Promise<{ id: string; handle: string }>
}

/** Registers the file's beforeAll/afterAll; the stack and world are set once beforeAll has run. */
export function useMentionsWorld(): MentionsWorld {
  const t = useWorldStack({} as MentionsWorld)
  t.send = async function send(person: Person, channel: string, body: string): Promise<string[]> {
    const id = randomUUID()
    await asRole(
      t.stack.sql,
      person,
      (tx) => tx`insert into public.messages (id, channel_id, author_id, body)
      values (${id}, ${channel}, ${person.id}, ${body})`
    )
    const [row] = await t.stack.sql<{ mentions: string[] }[]>`
    select mentions from public.messages where id = ${id}`
    return [...row!.mentions].sort()
  }

  t.countIn = async function countIn(channel: string): Promise<number> {
    const [row] = await t.stack.sql<{ n: number }[]>`
    select count(*)::int as n from public.messages where channel_id = ${channel}`
    return row!.n
  }

  t.createGroup = async function createGroup(
    person: Person,
    handle: string,
    members: Person[] = []
  ) {
    const [group] = await asRole(
      t.stack.sql,
      person,
      (tx) => tx<{ id: string; handle: string }[]>`
      select id, handle from public.create_user_group(${t.world.ws}, ${handle}, ${`Team ${handle}`}, '',
        ${members.map((m) => m.id)}::uuid[])`
    )
    return group!
  }
  return t
}

/**
 * The promise fails with SQLSTATE `code` and the Chorus code `detail` (null: none, as for a
 * missing privilege), and a message matching `message` if given.
 */
export async function expectError(
  promise: Promise<unknown>,
  code: string,
  detail: string | null,
  message?: RegExp
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: string; message?: string; detail?: string }
  )
  expect(error, 'expected the database to refuse').not.toBeNull()
  expect(error!.code).toBe(code)
  expect(error!.detail ?? null).toBe(detail)
  if (message) expect(error!.message).toMatch(message)
}

export const ids = (...people: Person[]) => people.map((p) => p.id).sort()
