// Supabase Cron's run history kept a week (the *_chorus_cron_runs_cleanup.sql migration): the
// hourly job chorus-cron-runs-cleanup drops every job's finished runs older than 7 days, whatever
// role ran them, and keeps the newer ones and a run not finished.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ workdir: path.resolve(import.meta.dirname, '../..') })
})

afterAll(async () => {
  await stack?.stop()
})

/** A run recorded `daysAgo` days ago, its command naming it so the test can find it again. */
const recordRun = (name: string, daysAgo: number, status: string, username = 'postgres') =>
  stack.sql`
    insert into cron.job_run_details (jobid, database, username, command, status, start_time,
      end_time)
    select j.jobid, current_database(), ${username}, ${`select '${name}'`}, ${status},
      now() - make_interval(days => ${daysAgo}),
      case when ${status} in ('succeeded', 'failed')
        then now() - make_interval(days => ${daysAgo}) end
    from cron.job j where j.jobname = 'chorus-push'`

describe('chorus-cron-runs-cleanup', () => {
  it('is scheduled hourly as postgres', async () => {
    const [job] = await stack.sql`
      select schedule, command, username from cron.job
      where jobname = 'chorus-cron-runs-cleanup'`
    expect(job).toEqual({
      schedule: '53 * * * *',
      command: 'select private.forget_old_cron_runs()',
      username: 'postgres',
    })
  })

  it('drops finished runs older than a week and keeps the rest', async () => {
    await recordRun('old succeeded', 8, 'succeeded')
    await recordRun('old failed', 30, 'failed')
    await recordRun('recent', 6, 'succeeded')
    await recordRun('old, still running', 8, 'running')
    await recordRun("another role's", 8, 'succeeded', 'service_role')

    const [run] = await stack.sql.begin(async (tx) => {
      await tx`set local role postgres`
      return tx<{ gone: number }[]>`select private.forget_old_cron_runs() as gone`
    })
    expect(run!.gone).toBe(3)
    const left = await stack.sql<{ command: string }[]>`
      select command from cron.job_run_details where command like 'select ''%''' order by command`
    expect(left.map((r) => r.command)).toEqual(["select 'old, still running'", "select 'recent'"])
  })
})
