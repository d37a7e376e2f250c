// How Supabase Cron's runs are started: a five-field job due in a minute runs in that minute even
// when the scheduler's check comes late (pg_cron counts the minutes it missed), and a job runs as
// the role that scheduled it with no way back to the superuser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../src/logger.ts'
import { startCronScheduler } from '../../src/cron/scheduler.ts'
import { nextEvents } from '../support/stack-events.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
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
        create table public.ticks (id bigserial, job text, who text default current_user);
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
}

const finishedRuns = (jobid: string) =>
  stack.sql<Run[]>`
    select status, return_message from cron.job_run_details
    where jobid = ${jobid} and status in ('succeeded', 'failed') order by runid
  `

const ticks = async (job: string) =>
  Number((await stack.sql`select count(*)::int as n from public.ticks where job = ${job}`)[0]!.n)

describe('a late check', () => {
  it('runs a job due in a minute that the event loop was stalled across the start of', async () => {
    // The stack's own scheduler marks every run left 'starting' or 'running' failed ("server
    // restarted", as pg_cron at a restart) in its first pass over the jobs, before it runs any.
    // The second scheduler below shares its database: a first pass that came late (on a loaded
    // machine, after the stall) marked that scheduler's run. A job the stack's scheduler has
    // run shows that its first pass is behind it.
    await stack.sql`
      select cron.schedule('first-pass', '1 seconds',
        $$insert into public.ticks (job) values ('first-pass')$$)
    `
    await waitFor("the stack's scheduler's first pass", async () =>
      (await ticks('first-pass')) > 0 ? true : undefined
    )
    await stack.sql`select cron.unschedule('first-pass')`

    // A minute the stack's own scheduler never meets (1 January, 03:17 UTC); a second scheduler
    // on the same database is told it is 03:16:59.5 and then its event loop is blocked until
    // 03:17:06, past the first seconds of the minute.
    const [job] = await stack.sql`
      select cron.schedule('new-year', '17 3 1 1 *',
        $$insert into public.ticks (job) values ('new-year')$$)::text as id
    `
    const offset = Date.UTC(2031, 0, 1, 3, 16, 59, 500) - Date.now()
    const clock = () => Date.now() + offset
    const scheduler = startCronScheduler({
      dbUrl: stack.dbUrl,
      log: createLogger('error'),
      now: clock,
    })
    try {
      const stallUntil = Date.UTC(2031, 0, 1, 3, 17, 6)
      while (clock() < stallUntil) {
        // A blocked event loop: no timer of the scheduler can fire.
      }
      const runs = await waitFor('the late run', async () => {
        const done = await finishedRuns(job!.id)
        return done.length > 0 ? done : undefined
      })
      expect(runs).toEqual([{ status: 'succeeded', return_message: 'INSERT 0 1' }])
      expect(await ticks('new-year')).toBe(1)
    } finally {
      await scheduler.stop()
      await stack.sql`select cron.unschedule('new-year')`
    }
  })
})

describe('the role a job runs as', () => {
  const scheduleAsServiceRole = async (name: string, command: string) => {
    const [job] = await stack.sql.begin(async (tx) => {
      await tx`set local role service_role`
      return tx`select cron.schedule(${name}, '1 seconds', ${command})::text as id`
    })
    const run = await waitFor(`a finished run of ${name}`, async () => {
      const done = await finishedRuns(job!.id)
      return done[0]
    })
    await stack.sql`select cron.unschedule(${job!.id}::bigint)`
    return run
  }

  it('runs as the role that scheduled it', async () => {
    const run = await scheduleAsServiceRole(
      'as-service',
      `insert into public.ticks (job) values ('as-service')`
    )
    expect(run).toEqual({ status: 'succeeded', return_message: 'INSERT 0 1' })
    const [row] = await stack.sql`select who from public.ticks where job = 'as-service' limit 1`
    expect(row!.who).toBe('service_role')
  })

  it('gains no superuser rights by resetting the session authorization', async () => {
    const reset = await scheduleAsServiceRole(
      'reset-auth',
      `reset session authorization; select pg_read_file('PG_VERSION')`
    )
    expect(reset).toEqual({
      status: 'failed',
      return_message: 'ERROR:  permission denied for function pg_read_file',
    })

    const set = await scheduleAsServiceRole(
      'set-auth',
      `set session authorization postgres; insert into public.ticks (job) values ('set-auth')`
    )
    expect(set!.status).toBe('failed')
    expect(set!.return_message).toMatch(/^ERROR: {2}permission denied to set session authorization/)
    expect(await ticks('set-auth')).toBe(0)

    const role = await scheduleAsServiceRole(
      'set-role',
      `reset role; insert into public.ticks (job) values ('set-role')`
    )
    expect(role).toEqual({
      status: 'failed',
      return_message: 'ERROR:  permission denied for table ticks',
    })
    expect(await ticks('set-role')).toBe(0)
  })
})

describe('a paused job', () => {
  it('starts no run once the pause is committed, even before the scheduler hears of it', async () => {
    const [job] = await stack.sql`
      select cron.schedule('every-second', '1 seconds',
        $$insert into public.ticks (job) values ('every-second')$$)::text as id
    `
    try {
      await waitFor('a first run', async () =>
        (await ticks('every-second')) > 0 ? true : undefined
      )
      // The scheduler is not told (its NOTIFY trigger off), so its list still has the job for
      // up to ten seconds: the pause alone must stop it.
      await stack.sql`alter table cron.job disable trigger job_changed`
      await stack.sql`update cron.job set active = false where jobid = ${job!.id}::bigint`
      await waitFor('no run in progress', async () => {
        const [row] = await stack.sql`
          select count(*)::int as n from cron.job_run_details
          where jobid = ${job!.id}::bigint and status in ('starting', 'running')`
        return row!.n === 0 ? true : undefined
      })
      const runs = async () =>
        (
          await stack.sql`select count(*)::int as n from cron.job_run_details
          where jobid = ${job!.id}::bigint`
        )[0]!.n as number
      const [before, after] = [await runs(), await ticks('every-second')]
      // The scheduler's next three ticks (the stack's 'cron-tick' event), each of which finds the
      // job due in its stale list: a run one of them started is recorded by the tick's end.
      await nextEvents(stack, 'cron-tick', 3)
      expect(await runs()).toBe(before)
      expect(await ticks('every-second')).toBe(after)
    } finally {
      await stack.sql`alter table cron.job enable trigger job_changed`
      await stack.sql`select cron.unschedule('every-second')`
    }
  })
})

describe("a run's session", () => {
  /** The `who` of a job's ticks in order, once it has `count` of them; the job unscheduled. */
  const whoOfRuns = async (name: string, count: number) => {
    const rows = await waitFor(`${count} runs of ${name}`, async () => {
      const seen = await stack.sql<{ who: string }[]>`
        select who from public.ticks where job = ${name} order by id`
      return seen.length >= count ? seen : undefined
    })
    await stack.sql`select cron.unschedule(jobid) from cron.job where jobname = ${name}`
    return rows.slice(0, count).map((row) => row.who)
  }

  it('is the one before it, with nothing of that run left in it', async () => {
    // Each run says what it finds (a setting, a temporary table, the search path, the advisory
    // locks its session holds, its backend), then leaves all of those for the next.
    await stack.sql`
      select cron.schedule('clean-slate', '1 seconds', $$
        insert into public.ticks (job, who) values ('clean-slate', concat_ws(' ',
          coalesce(nullif(current_setting('test.mark', true), ''), 'no-mark'),
          coalesce(to_regclass('pg_temp.leftover')::text, 'no-table'),
          current_setting('search_path'),
          (select count(*) from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()),
          pg_backend_pid()));
        set test.mark = 'left';
        create temp table if not exists leftover (x int);
        set search_path = nowhere;
        select pg_advisory_lock(4242)
      $$)
    `
    const [first, second] = await whoOfRuns('clean-slate', 2)
    const [pid] = first!.split(' ').slice(-1)
    expect(first).toBe(`no-mark no-table "$user", public, extensions 0 ${pid}`)
    // The same backend (no new login for each run), reset as a new one would be.
    expect(second).toBe(first)
  })

  it("is kept for the job's role, and dropped when a run leaves a transaction open", async () => {
    await stack.sql.begin(async (tx) => {
      await tx`set local role service_role`
      await tx`
        select cron.schedule('as-runner', '1 seconds', $$
          insert into public.ticks (job, who) values ('as-runner',
            current_user || ' ' || coalesce(to_regclass('pg_temp.leftover')::text, 'no-table'));
          create temp table if not exists leftover (x int)
        $$)`
    })
    expect(await whoOfRuns('as-runner', 2)).toEqual([
      'service_role no-table',
      'service_role no-table',
    ])

    // pg_cron's connection ends after the run, which rolls an open transaction back: so here.
    const [open] = await stack.sql`
      select cron.schedule('left-open', '1 seconds',
        $$begin; insert into public.ticks (job) values ('left-open')$$)::text as id
    `
    const runs = await waitFor('two runs that left a transaction open', async () => {
      const done = await finishedRuns(open!.id)
      return done.length >= 2 ? done : undefined
    })
    await stack.sql`select cron.unschedule('left-open')`
    expect(runs.slice(0, 2)).toEqual([
      { status: 'succeeded', return_message: 'INSERT 0 1' },
      { status: 'succeeded', return_message: 'INSERT 0 1' },
    ])
    // A run begun before the unschedule may still hold its transaction a moment: then it goes.
    await waitFor('no cron session left in a transaction', async () => {
      const [idle] = await stack.sql`
        select count(*)::int as n from pg_stat_activity
        where application_name = 'pg_cron' and state like 'idle in transaction%'`
      return idle!.n === 0 ? true : undefined
    })
    expect(await ticks('left-open')).toBe(0)
  })
})
