// The set-up of retention.test.ts: a stack with an owner, an admin, a member and an outsider, the
// workspace "Kept" (the admin made one), and the retention job run as Supabase Cron runs it.
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { ok, retentionKit } from './retention.ts'
import { createPerson } from './world.ts'
import type { Person } from './world.ts'

export interface RetentionWorld {
  stack: TestStack
  owner: Person
  admin: Person
  member: Person
  outsider: Person
  ws: { id: string; general: string }
  kit: ReturnType<typeof retentionKit>
  /** A command as Supabase Cron runs the job's: as postgres, outside any transaction block. */
  asJob: (command: string) => Promise<void>
  /** The job's own command. */
  runTheJob: () => Promise<void>
}

/** Registers the file's beforeAll/afterAll; the stack, people and workspace are set once it ran. */
export function useRetentionWorld(): RetentionWorld {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = {} as RetentionWorld
  t.kit = retentionKit(() => t.stack)
  t.asJob = async function asJob(command: string) {
    const connection = await t.stack.sql.reserve()
    try {
      await connection`set role postgres`
      await connection.unsafe(command)
    } finally {
      await connection`reset role`
      connection.release()
    }
  }

  t.runTheJob = async function runTheJob() {
    const [job] = await t.stack.sql<{ command: string; username: string }[]>`
    select command, username from cron.job where jobname = 'chorus-retention'`
    expect(job).toMatchObject({ command: 'call private.run_retention(250)', username: 'postgres' })
    await t.asJob(job!.command)
  }

  beforeAll(async () => {
    t.stack = await startTestStack({ workdir })
    ;[t.owner, t.admin, t.member, t.outsider] = (await Promise.all(
      ['Olga Owner', 'Adam Admin', 'Mia Member', 'Otto Outsider'].map((n) =>
        createPerson(t.stack, n)
      )
    )) as [Person, Person, Person, Person]
    t.ws = await t.kit.workspace('Kept', t.owner, [t.admin, t.member])
    ok(
      await t.kit.as(t.owner).rpc('set_member_role', {
        p_workspace_id: t.ws.id,
        p_user_id: t.admin.id,
        p_role: 'admin',
      })
    )
  }, 120_000)

  afterAll(async () => {
    await t.stack?.stop()
  })
  return t
}
