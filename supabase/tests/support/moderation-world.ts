// The set-up of moderation.test.ts: a stack with the matrix's world, supabase-js as a person, the
// open reports as a person reads them, the audit log's actions on a message and a message as a
// person reads it; the bad arguments of report_message with their answers.
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { auditActions as auditOf, readMessage as readAs } from './moderation.ts'
import type { ReadMessage } from './moderation.ts'
import { clientFor } from './rest-checker.ts'
import { buildWorld } from './world.ts'
import type { Person, World } from './world.ts'

export interface OpenReport {
  message_id: string
  channel_name: string
  author_id: string
  author_name: string
  body: string
  files: { name: string }[]
  reports: {
    reporter_id: string | null
    reporter_name: string | null
    reason: string
    note: string | null
  }[]
}

export interface ModerationWorld {
  stack: TestStack
  world: World
  owner: Person
  admin: Person
  member: Person
  member2: Person
  outsider: Person
  as: (person: Person) => SupabaseClient
  openReports: (person: Person) => Promise<OpenReport[]>
  /** The audit log's actions on the target in the world's workspace, oldest first. */
  auditActions: (target: string) => Promise<string[]>
  readMessage: (person: Person, id: string) => Promise<ReadMessage | null>
}

/** Registers the file's beforeAll/afterAll; the stack, world and people are set once it ran. */
export function useModerationWorld(): ModerationWorld {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = {} as ModerationWorld
  const as = (person: Person): SupabaseClient => clientFor(t.stack, person)
  t.as = as
  beforeAll(async () => {
    t.stack = await startTestStack({ workdir })
    t.world = await buildWorld(t.stack)
    ;({
      owner: t.owner,
      admin: t.admin,
      member: t.member,
      member2: t.member2,
      outsider: t.outsider,
    } = t.world.people)
  }, 120_000)
  afterAll(async () => {
    await t.stack?.stop()
  })
  t.openReports = async function openReports(person: Person): Promise<OpenReport[]> {
    const { data, error } = await as(person).rpc('open_reports', { p_workspace_id: t.world.ws })
    expect(error).toBeNull()
    return data as OpenReport[]
  }
  t.auditActions = (target: string) => auditOf(t.stack.sql, t.world.ws, target)
  t.readMessage = (person: Person, id: string) => readAs(as(person), id)
  return t
}

/** report_message's bad arguments, for a message and a channel id: [args, HTTP status, message]. */
export function badReports(
  message: string,
  quiet: string
): [Record<string, unknown>, number, string][] {
  return [
    [
      { p_message_id: message, p_reason: 'rude' },
      400,
      'Choose a reason: spam, harassment, inappropriate or other.',
    ],
    [
      { p_message_id: message, p_reason: null },
      400,
      'Choose a reason: spam, harassment, inappropriate or other.',
    ],
    [
      { p_message_id: message, p_reason: 'other', p_note: 'x'.repeat(501) },
      400,
      "A report's note can be at most 500 characters.",
    ],
    [{ p_message_id: crypto.randomUUID(), p_reason: 'spam' }, 400, 'Message not found.'],
    [{ p_message_id: quiet, p_reason: 'spam' }, 400, 'Message not found.'],
  ]
}
