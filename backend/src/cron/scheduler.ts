// The runner behind the stack's pg_cron: every second it reads cron.job and starts each active
// job that is due, in a session of its own, as the role that scheduled it (job-connection.ts),
// one run at a time per job, each run recorded in cron.job_run_details as pg_cron records it.
// Five-field jobs are counted per minute as pg_cron counts them (minutes.ts): a check that comes
// late in a minute, or minutes late, still runs what fell due, and the runs a job owes wait
// their turn behind its current run. Jobs live in the database, so they outlive a restart of the stack; runs
// a stop interrupts are marked failed, as pg_cron marks them at a server restart. A real
// pg_cron (no cron._valid_schedule) runs its own jobs: the scheduler leaves it alone. A tick ends
// once the runs it started are recorded, and then tells `onTick` (the stack's 'cron-tick' event),
// so that tests wait for ticks rather than for the clock.
import postgres from 'postgres'
import type { Sql } from 'postgres'
import type { Logger } from '../logger.ts'
import { isConnectionError } from '../db/errors.ts'
import { jobConnections } from './job-connection.ts'
import { minuteOf, nextLastMinute, runsDue } from './minutes.ts'
import { lastResult, returnMessage } from './run-result.ts'
import { parseSchedule } from './schedule.ts'
import type { Schedule } from './schedule.ts'

const RELOAD_MS = 10_000
const PAUSE_MS = 5_000

interface JobRow {
  jobid: string
  jobname: string | null
  schedule: string
  command: string
  database: string
  username: string
}

export interface CronScheduler {
  stop(): Promise<void>
}

export interface CronSchedulerOptions {
  dbUrl: string
  log: Logger
  /** The clock, in ms since the epoch (Date.now); tests move it to a minute of their choosing. */
  now?: () => number
  /** Told at the end of each tick, the runs it started recorded (or found not due after all). */
  onTick?: () => void
}

export function startCronScheduler(options: CronSchedulerOptions): CronScheduler {
  const { dbUrl, log } = options
  const clock = options.now ?? Date.now
  const admin = postgres(dbUrl, {
    max: 2,
    onnotice: () => {},
    connection: { application_name: 'pg_cron scheduler' },
  })
  const connections = jobConnections(admin, dbUrl)
  const schedules = new Map<string, Schedule | null>()
  /** Jobs with a run under way, from the moment it is due: one run at a time per job. */
  const busy = new Set<string>()
  const running = new Map<string, Sql>()
  /** The backend of each running job, ended at a stop (closing the socket would not end it). */
  const pids = new Map<string, number>()
  const lastStart = new Map<string, number>()
  /** Runs of five-field jobs due and not yet started, by job. */
  const pending = new Map<string, number>()
  /** The minute last looked at: as pg_cron, what is due in the minute it starts in waits. */
  let lastMinute = minuteOf(clock())
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  // The runs a stopped server left running are marked failed once, before any job is read: every
  // load waits for it (a load that overlapped the first one ran a job whose new run the first
  // load's late update then marked failed).
  let booted: Promise<unknown> | null = null

  const parse = (text: string) => {
    if (!schedules.has(text)) schedules.set(text, parseSchedule(text))
    return schedules.get(text) ?? null
  }

  // The active jobs, read again when cron.job changes (its trigger NOTIFYs pg_cron) and every
  // RELOAD_MS: a second's tick is then no query at all unless a job is due.
  let jobs: JobRow[] = []
  let database = ''
  let loadedAt = 0
  let stale = true
  let pausedUntil = 0

  const load = async () => {
    stale = false
    loadedAt = clock()
    const [state] = await admin<{ ok: boolean; database: string }[]>`
      select to_regprocedure('cron._valid_schedule(text)') is not null as ok,
        current_database() as database
    `
    database = state?.database ?? ''
    if (!state?.ok) {
      jobs = []
      return
    }
    booted ??= admin`
      update cron.job_run_details set status = 'failed', return_message = 'server restarted',
        end_time = coalesce(end_time, now())
      where status in ('starting', 'running')
    `.then(
      () => undefined,
      (error: unknown) => {
        booted = null // tried again at the next load
        throw error
      }
    )
    await booted
    jobs = await admin<JobRow[]>`
      select jobid::text, jobname, schedule, command, database, username from cron.job where active
    `
  }

  /** Adds the runs that fell due since the last minute looked at (jobs as just loaded). */
  const countMinutes = (now: number) => {
    const minute = minuteOf(now)
    if (minute === lastMinute) return
    const active = new Set<string>()
    for (const job of jobs) {
      active.add(job.jobid)
      const schedule = parse(job.schedule)
      if (schedule?.kind !== 'cron') continue
      const runs = runsDue(schedule, lastMinute, minute)
      if (runs > 0) pending.set(job.jobid, (pending.get(job.jobid) ?? 0) + runs)
    }
    for (const jobid of pending.keys()) if (!active.has(jobid)) pending.delete(jobid)
    lastMinute = nextLastMinute(lastMinute, minute)
  }

  const tick = async () => {
    const now = clock()
    if (stopped || now < pausedUntil) return
    if (stale || now - loadedAt >= RELOAD_MS) await load()
    countMinutes(now)
    const recorded: Promise<void>[] = []
    for (const job of jobs) {
      if (stopped || busy.has(job.jobid)) continue
      const schedule = parse(job.schedule)
      if (!schedule) continue
      let due: boolean
      if (schedule.kind === 'seconds') {
        const last = lastStart.get(job.jobid)
        due = last === undefined || now - last >= schedule.seconds * 1000 - 50
      } else if (schedule.kind === 'reboot') {
        due = !lastStart.has(job.jobid)
      } else {
        const owed = pending.get(job.jobid) ?? 0
        due = owed > 0
        if (owed > 1) pending.set(job.jobid, owed - 1)
        else pending.delete(job.jobid)
      }
      if (!due) continue
      lastStart.set(job.jobid, now)
      busy.add(job.jobid)
      let resolve = () => {}
      recorded.push(new Promise<void>((done) => (resolve = done)))
      void run(job, job.database === database, resolve)
        .catch((error) => log.warn(`cron job ${job.jobid}: ${(error as Error).message}`))
        .finally(() => {
          busy.delete(job.jobid)
          resolve()
        })
    }
    await Promise.all(recorded)
  }

  /** A run of `job`; `recorded` is called once its row is in cron.job_run_details (or none is). */
  const run = async (job: JobRow, sameDatabase: boolean, recorded: () => void) => {
    // Started only if the job is still there and active: a job paused or removed since the list
    // was read (its NOTIFY not heard yet, or heard after this tick began) does not run, as
    // pg_cron starts none after the change is committed.
    const [details] = await admin<{ runid: string }[]>`
      insert into cron.job_run_details (jobid, database, username, command, status, start_time)
      select j.jobid, ${job.database}, ${job.username}, ${job.command}, 'starting', now()
      from cron.job j where j.jobid = ${job.jobid}::bigint and j.active
      returning runid::text
    `
    recorded()
    if (!details) {
      stale = true
      return
    }
    const runid = details.runid
    const finish = (status: 'succeeded' | 'failed', message: string) =>
      admin`
        update cron.job_run_details set status = ${status}, return_message = ${message},
          end_time = now()
        where runid = ${runid}
      `
    if (!sameDatabase) {
      await finish('failed', `database "${job.database}" is not the project's database`)
      return
    }
    let connection: Sql | undefined
    try {
      // A job's warnings (a Chorus job finding no Edge Function in Vault, …) reach the stack's
      // log, one line each, as pg_cron's reach the server's log.
      const name = job.jobname ?? job.jobid
      connection = await connections.open(job.username, (notice) => {
        if (notice.severity === 'WARNING') log.warn(`cron job ${name}: ${notice.message}`)
      })
      running.set(job.jobid, connection)
      if (stopped) throw new Error('stopped')
      const [pid] = await connection<{ pid: number }[]>`select pg_backend_pid() as pid`
      pids.set(job.jobid, pid!.pid)
      await admin`
        update cron.job_run_details set status = 'running', job_pid = ${pid!.pid}
        where runid = ${runid}
      `
      const result = await connection.unsafe(job.command).simple()
      await finish('succeeded', returnMessage(lastResult(result)))
    } catch (error) {
      const message = stopped
        ? 'job cancelled: the stack stopped'
        : `ERROR:  ${(error as Error).message}`
      await finish('failed', message).catch(() => undefined)
    } finally {
      running.delete(job.jobid)
      pids.delete(job.jobid)
      if (connection) await connections.release(connection)
    }
  }

  const schedule = () => {
    if (stopped) return
    // On the next whole second, so minute schedules fire at :00 and intervals keep their pace.
    timer = setTimeout(
      () => {
        tick()
          .catch((error) => {
            stale = true
            // A database going away: wait before trying again rather than hammer it.
            if (isConnectionError(error)) pausedUntil = clock() + PAUSE_MS
            if (!stopped) log.debug(`cron scheduler: ${(error as Error).message}`)
          })
          .finally(() => {
            schedule()
            if (!stopped) options.onTick?.()
          })
      },
      1000 - (clock() % 1000) + 5
    )
  }
  schedule()
  let unlisten: (() => Promise<void>) | null = null
  admin
    .listen(
      'pg_cron',
      () => (stale = true),
      () => (stale = true)
    )
    .then((listener) => (unlisten = listener.unlisten))
    .catch((error) => log.debug(`cron scheduler: LISTEN failed: ${(error as Error).message}`))

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await unlisten?.().catch(() => undefined)
      const backends = [...pids.values()]
      if (backends.length > 0) {
        await admin`select pg_terminate_backend(pid) from unnest(${backends}::int[]) as pid`.catch(
          (error) => log.debug(`cron scheduler: ${(error as Error).message}`)
        )
      }
      const runs = [...running.values()]
      await connections.end()
      await Promise.all(runs.map((connection) => connection.end({ timeout: 0 })))
      // Let the interrupted runs record their failure, briefly.
      const deadline = Date.now() + 500
      while (busy.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await admin.end({ timeout: 0.5 })
    },
  }
}
