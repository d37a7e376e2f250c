// The set-up of imports-placeholders.test.ts: a stack with three accounts (an owner, a victim whose
// email a crafted archive names, another), the crafted archive, a workspace's messages as stored,
// and an import of the archive into a new workspace.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { importKit } from './imports.ts'
import { zipOf } from './slack-export.ts'
import { createPerson } from './world.ts'
import type { Person } from './world.ts'

/** An archive in which "Vic" (the victim's email) says things, in public, private and a DM. */
export function craftedArchive(email: string) {
  return zipOf({
    'users.json': [
      { id: 'U1', name: 'vic', profile: { email, real_name: 'Vic From Slack' } },
      { id: 'U2', name: 'mal', profile: { email: `mal-${randomUUID().slice(0, 6)}@example.test` } },
    ],
    'channels.json': [{ id: 'C1', name: 'general', created: 1714500000, members: ['U1', 'U2'] }],
    'groups.json': [{ id: 'G1', name: 'secret', created: 1714500000, members: ['U1', 'U2'] }],
    'dms.json': [{ id: 'D1', created: 1714500000, members: ['U1', 'U2'] }],
    'general/2024-05-01.json': [
      {
        type: 'message',
        user: 'U1',
        text: 'I resign, effective today',
        ts: '1714550400.000100',
        reactions: [{ name: 'thumbsup', users: ['U1', 'U2'], count: 2 }],
      },
      { type: 'message', user: 'U2', text: 'noted <@U1>', ts: '1714550460.000100' },
    ],
    'secret/2024-05-01.json': [
      { type: 'message', user: 'U1', text: 'the password is hunter2', ts: '1714550500.000100' },
    ],
    'D1/2024-05-01.json': [
      { type: 'message', user: 'U1', text: 'just between us', ts: '1714550600.000100' },
    ],
  })
}

export interface Authored {
  id: string
  seq: number | null
  body: string
  author_id: string | null
}

export interface PlaceholderStack {
  stack: TestStack
  owner: Person
  victim: Person
  other: Person
  kit: ReturnType<typeof importKit>
  /** The workspace's messages, oldest first, as stored. */
  messagesOf: (ws: string) => Promise<Authored[]>
  /** The crafted archive (naming the victim's email) imported by the owner into a new workspace. */
  importCrafted: (name: string) => Promise<{ ws: string; importId: string }>
}

/** Registers the file's beforeAll/afterAll; the stack and people are set once beforeAll has run. */
export function usePlaceholderStack(): PlaceholderStack {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = {} as PlaceholderStack
  t.kit = importKit(() => t.stack)
  beforeAll(async () => {
    t.stack = await startTestStack({ workdir })
    ;[t.owner, t.victim, t.other] = (await Promise.all(
      ['olga', 'vic', 'oscar'].map((n) => createPerson(t.stack, n))
    )) as [Person, Person, Person]
  }, 120_000)
  afterAll(async () => {
    if (t.stack) await t.kit.settled()
    await t.stack?.stop()
  })
  t.messagesOf = async function messagesOf(ws: string): Promise<Authored[]> {
    return t.stack.sql<Authored[]>`
      select m.id, m.seq::int as seq, m.body, m.author_id from public.messages m
      join public.channels c on c.id = m.channel_id
      where c.workspace_id = ${ws} order by m.created_at`
  }

  t.importCrafted = async function importCrafted(
    name: string
  ): Promise<{ ws: string; importId: string }> {
    const ws = await t.kit.workspace(t.owner, name)
    const path = await t.kit.upload(t.owner, ws, craftedArchive(t.victim.email))
    const done = await t.kit.ended((await t.kit.start(t.owner, ws, path)).id)
    expect(done).toMatchObject({ status: 'done', messages_done: 4, people: 2 })
    return { ws, importId: done.id }
  }
  return t
}
