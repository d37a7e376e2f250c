// Supabase Cron on the stack: a migration's `create extension pg_cron` gives the cron schema,
// and the stack runs the jobs as the role that scheduled them, one run at a time, each recorded
// in cron.job_run_details, also after a restart. What must not happen is checked over the
// scheduler's next ticks (the stack's 'cron-tick' event), never over a stretch of the clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../src/logger.ts'
import { startCronScheduler } from '../../src/cron/scheduler.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { nextEvents } from '../support/stack-events.ts'
import { waitFor } from '../support/wait.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({
    migrations: {
      '20240101000000_cron.sql': `
        create extension pg_cron with schema pg_catalog;
        grant usage on schema cron to service_role;
        grant all on all tables in schema cron to service_role;
        grant all on all sequences in schema cron to service_role;
        grant execute on all functions in schema cron to service_role;
        grant usage on schema cron to authenticated;
        grant select on cron.job to authenticated;
        create table public.ticks (id bigserial, job text, who text default current_user,
          at timestamptz default clock_timestamp());
        grant insert on public.ticks to service_role;
        grant usage on sequence public.ticks_id_seq to service_role;
      `,
    },
  })
}, 60_000)

afterAll(async () => {
  await stack?.stop()
})

interface Run {
  status: string
  return_message: string | null
  start_time: Date
  end_time: Date | null
  username: string
}

const runsOf = (jobid: string) =>
  stack.sql<Run[]>`
    select status, return_message, start_time, end_time, username
    from cron.job_run_details where jobid = ${jobid} order by runid
  `

/** The job's runs once none is under way (a run started before a pause or unschedule may be). */
const settledRuns = (jobid: string) =>
  waitFor('no run under way', async () => {
    const runs = await runsOf(jobid)
    return runs.every((r) => r.status === 'succeeded' || r.status === 'failed') ? runs : undefined
  })

/**
 * The scheduler's next `count` ticks: each ends with the runs it started recorded, so a run
 * started in them is in cron.job_run_details when this resolves.
 */
const nextTicks = (count: number) => nextEvents(stack, 'cron-tick', count)

const ticks = async (job: string) =>
  Number((await stack.sql`select count(*)::int as n from public.ticks where job = ${job}`)[0]!.n)

describe('cron.schedule', () => {
  it("refuses a malformed schedule with pg_cron's message", async () => {
    for (const bad of ['61 * * * *', '* * * *', '0 seconds', 'every minute']) {
      await expect(
        stack.sql`select cron.schedule('bad', ${bad}, 'select 1')`
      ).rejects.toMatchObject({ message: `invalid schedule: ${bad}`, code: 'P0001' })
    }
    const [row] = await stack.sql`select count(*)::int as n from cron.job`
    expect(row!.n).toBe(0)
  })

  it('runs a job on its schedule as the role that scheduled it, recording each run', async () => {
    const [job] = await stack.sql.begin(async (tx) => {
      await tx`set local role service_role`
      return tx`
        select cron.schedule('tick', '1 seconds',
          $$insert into public.ticks (job) values ('tick')$$)::text as id
      `
    })
    const id = job!.id as string
    const [row] =
      await stack.sql`select username, schedule, jobname, active from cron.job where jobid = ${id}`
    expect(row).toEqual({
      username: 'service_role',
      schedule: '1 seconds',
      jobname: 'tick',
      active: true,
    })

    await waitFor('three runs', async () => ((await ticks('tick')) >= 3 ? true : undefined))
    const who = await stack.sql`select distinct who from public.ticks where job = 'tick'`
    expect(who.map((r) => r.who)).toEqual(['service_role'])
    const runs = (await runsOf(id)).filter((r) => r.status === 'succeeded')
    expect(runs.length).toBeGreaterThanOrEqual(3)
    for (const run of runs) {
      expect(run.return_message).toBe('INSERT 0 1')
      expect(run.username).toBe('service_role')
      expect(run.end_time!.getTime()).toBeGreaterThanOrEqual(run.start_time.getTime())
    }
    // About one second apart (start_time is taken as each run is recorded), not in a burst.
    const starts = runs.map((r) => r.start_time.getTime())
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(700)
    }

    // Scheduling the same name again replaces the job; unscheduling stops it.
    const [again] = await stack.sql.begin(async (tx) => {
      await tx`set local role service_role`
      return tx`select cron.schedule('tick', '2 seconds', 'select 1')::text as id`
    })
    expect(again!.id).toBe(id)
    await stack.sql.begin(async (tx) => {
      await tx`set local role service_role`
      await tx`select cron.unschedule('tick')`
    })
    const before = await settledRuns(id)
    // Three ticks reach 2 s past the unschedule, when the job would have been due again.
    await nextTicks(3)
    expect((await runsOf(id)).length).toBe(before.length)
  })

  it('runs a five-field schedule at the start of each matching minute', async () => {
    // A minute the stack's own scheduler never meets (1 January 2031, 04:30 UTC), and a second
    // scheduler on the same database told it is 2 s before it, as cron-runs.test.ts does: the test
    // waits for no minute of the real clock (it waited up to 60 s for the next one). Which minutes
    // a schedule such as '* * * * *' matches: src/cron/minutes.test.ts.
    const [job] = await stack.sql`
      select cron.schedule('half-past-four', '30 4 1 1 *',
        $$insert into public.ticks (job) values ('half-past-four')$$)::text as id
    `
    const minute = Date.UTC(2031, 0, 1, 4, 30)
    const offset = minute - 2000 - Date.now()
    const scheduler = startCronScheduler({
      dbUrl: stack.dbUrl,
      log: createLogger('error'),
      now: () => Date.now() + offset,
    })
    try {
      const [run] = await waitFor('the minute', async () => {
        const runs = await runsOf(job!.id)
        return runs.some((r) => r.status === 'succeeded') ? runs : undefined
      })
      await stack.sql`select cron.unschedule('half-past-four')`
      // start_time is the database's clock, on which that minute began at minute - offset.
      const intoTheMinute = run!.start_time.getTime() - (minute - offset)
      expect(intoTheMinute).toBeGreaterThanOrEqual(0)
      expect(intoTheMinute).toBeLessThan(3000)
      expect(await ticks('half-past-four')).toBe(1)
    } finally {
      await scheduler.stop()
    }
  })

  it('records a failing job as failed with the error, and goes on running it', async () => {
    const [job] =
      await stack.sql`select cron.schedule('fails', '1 seconds', 'select 1/0')::text as id`
    const runs = await waitFor('two failed runs', async () => {
      const all = await runsOf(job!.id)
      return all.filter((r) => r.status === 'failed').length >= 2 ? all : undefined
    })
    expect(runs[0]).toMatchObject({ status: 'failed', return_message: 'ERROR:  division by zero' })
    await stack.sql`select cron.unschedule(${job!.id}::bigint)`
  })

  it('runs one run of a job at a time', async () => {
    const [job] = await stack.sql`
      select cron.schedule('slow', '1 seconds', 'select pg_sleep(1.6)')::text as id
    `
    const runs = await waitFor('two finished runs', async () => {
      const all = await runsOf(job!.id)
      return all.filter((r) => r.status === 'succeeded').length >= 2 ? all : undefined
    })
    await stack.sql`select cron.unschedule('slow')`
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.start_time.getTime()).toBeGreaterThanOrEqual(runs[i - 1]!.end_time!.getTime())
    }
    expect(runs[0]!.return_message).toBe('1 row')
  })

  it('alter_job pauses and changes a job; unknown jobs are clear errors', async () => {
    const [job] = await stack.sql`
      select cron.schedule('altered', '1 seconds', $$insert into public.ticks (job) values ('a')$$)::text as id
    `
    await waitFor('a run', async () => ((await ticks('a')) >= 1 ? true : undefined))
    await stack.sql`select cron.alter_job(${job!.id}::bigint, active := false)`
    const runs = (await settledRuns(job!.id)).length
    const paused = await ticks('a')
    // The job, every second, would have run in each of them.
    await nextTicks(3)
    expect((await runsOf(job!.id)).length).toBe(runs)
    expect(await ticks('a')).toBe(paused)
    await stack.sql`
      select cron.alter_job(${job!.id}::bigint, command := $$insert into public.ticks (job) values ('b')$$,
        active := true)
    `
    await waitFor('the changed command', async () => ((await ticks('b')) >= 1 ? true : undefined))
    await expect(
      stack.sql`select cron.alter_job(${job!.id}::bigint, schedule := '* * *')`
    ).rejects.toMatchObject({
      message: 'invalid schedule: * * *',
    })
    await stack.sql`select cron.unschedule('altered')`
    await expect(stack.sql`select cron.unschedule('altered')`).rejects.toMatchObject({
      message: "could not find valid entry for job 'altered'",
    })
    await expect(stack.sql`select cron.alter_job(999999)`).rejects.toMatchObject({
      message: 'could not find valid entry for job 999999',
    })
  })

  it('shows each role only its own jobs', async () => {
    await stack.sql`select cron.schedule('mine', '59 seconds', 'select 1')`
    const seen = await stack.sql.begin(async (tx) => {
      await tx`set local role authenticated`
      return tx`select jobname from cron.job`
    })
    expect(seen.map((r) => r.jobname)).not.toContain('mine')
    await stack.sql`select cron.unschedule('mine')`
  })

  it('stops at once with a job still running, recording the run as cut short', async () => {
    const [job] = await stack.sql`
      select cron.schedule('sleeper', '59 seconds', 'select pg_sleep(60)')::text as id
    `
    await waitFor('the run to start', async () => {
      const runs = await runsOf(job!.id)
      return runs[0]?.status === 'running' ? true : undefined
    })
    await stack.sql`select cron.unschedule('sleeper')`
    const started = Date.now()
    await stack.restart()
    // The restart includes a start; the stop part must not wait for the job.
    expect(Date.now() - started).toBeLessThan(8_000)
    const [run] = await runsOf(job!.id)
    expect(run).toMatchObject({
      status: 'failed',
      return_message: 'job cancelled: the stack stopped',
    })
    const [sleeping] = await stack.sql`
      select count(*)::int as n from pg_stat_activity where query = 'select pg_sleep(60)'
    `
    expect(sleeping!.n).toBe(0)
  })

  it('keeps running a job after the stack restarts', async () => {
    await stack.sql`
      select cron.schedule('durable', '1 seconds', $$insert into public.ticks (job) values ('durable')$$)
    `
    await waitFor('a run', async () => ((await ticks('durable')) >= 1 ? true : undefined))
    await stack.restart()
    const restarted = new Date()
    await waitFor('a run after the restart', async () => {
      const [row] = await stack.sql`
        select count(*)::int as n from public.ticks where job = 'durable' and at > ${restarted}
      `
      return row!.n >= 1 ? true : undefined
    })
    const stuck = await stack.sql`
      select 1 from cron.job_run_details where status in ('starting', 'running')
        and start_time < ${restarted}
    `
    expect(stuck.length).toBe(0)
    await stack.sql`select cron.unschedule('durable')`
  })
})
