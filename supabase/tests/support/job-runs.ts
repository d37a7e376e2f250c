// Waiting for a cron job to have run, instead of sleeping for as long as a run usually takes: a
// test that asserts that a job sent nothing more (no second mail, no second push) waits for runs
// of the job that began after the moment in question, and for pg_net to have answered every
// request they made, and then looks.
import { expect } from 'vitest'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { waitFor } from '../../../backend/test/support/wait.ts'

/** Waits until pg_net has taken every queued request and written each one's response. */
export async function requestsAnswered(stack: TestStack): Promise<void> {
  await expect
    .poll(
      async () => (await stack.sql`select count(*)::int as n from net.http_request_queue`)[0]!.n,
      { timeout: 20_000, interval: 200 }
    )
    .toBe(0)
  await stack.settled()
}

/**
 * Waits for `count` runs of the cron job `name` begun after this call to end (recorded in
 * cron.job_run_details), then for the requests they made to be answered.
 */
export async function nextJobRuns(stack: TestStack, name: string, count = 1): Promise<void> {
  const [{ since } = { since: new Date() }] = await stack.sql<{ since: Date }[]>`
    select clock_timestamp() as since`
  await expect
    .poll(
      async () =>
        (
          await stack.sql`
            select count(*)::int as n from cron.job_run_details d join cron.job j using (jobid)
            where j.jobname = ${name} and d.start_time > ${since}
              and d.status in ('succeeded', 'failed')`
        )[0]!.n,
      { timeout: 20_000, interval: 200 }
    )
    .toBeGreaterThanOrEqual(count)
  await requestsAnswered(stack)
}

/**
 * Pauses the cron job `name` so that it runs only when a test says so (usable in a hook): no new
 * run starts once the change commits, and a run begun before it (at the stack's first tick, say)
 * is waited for, with the requests it made, so that it cannot act on rows the test writes next.
 */
export async function pauseJob(stack: TestStack, name: string): Promise<void> {
  await stack.sql`select cron.alter_job(jobid, active => false) from cron.job where jobname = ${name}`
  await waitFor(
    `the runs of ${name} under way to end, and their requests to be answered`,
    async () => {
      const [state] = await stack.sql<{ idle: boolean }[]>`
      select not exists (
          select from cron.job_run_details d join cron.job j using (jobid)
          where j.jobname = ${name} and d.status in ('starting', 'running'))
        and not exists (select from net.http_request_queue) as idle`
      return state!.idle ? true : undefined
    },
    20_000
  )
  await stack.settled()
}
