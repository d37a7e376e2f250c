// Auth benchmark: password sign-ins per second (bcrypt-bound) against raw bcrypt compares at the
// same cost in the same run, refresh-token grants per second against the stack's cheapest request
// (GET /auth/v1/health), and REST reads with user JWTs (a cached token per user, and a freshly
// signed token per request so every request pays the signature check) against the same query run
// straight on Postgres the way REST scopes it.
//   node --import tsx bench/auth/run.ts [--seconds 3] [--rounds 3] [--concurrency 8] [--users 8]
import type { ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { BCRYPT_COST, hashPassword, verifyPassword } from '../../backend/src/auth/users/password.ts'
import { DEFAULT_JWT_SECRET } from '../../backend/src/config/project-config.ts'
import { signHs256 } from '../../backend/src/jwt/jwt-keys.ts'
import { freePort, startStackProcess, stopProcess } from '../support/processes.ts'

// The Supabase CLI's well-known local keys (default JWT secret).
const ANON_KEY = signHs256(DEFAULT_JWT_SECRET, {
  iss: 'supabase-demo',
  role: 'anon',
  exp: 1983812996,
})
const SERVICE_KEY = signHs256(DEFAULT_JWT_SECRET, {
  iss: 'supabase-demo',
  role: 'service_role',
  exp: 1983812996,
})
const PASSWORD = 'bench-password-1'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    users: { type: 'string', default: '8' },
  },
})
const SECONDS = Number(values.seconds)
const ROUNDS = Number(values.rounds)
const CONCURRENCY = Number(values.concurrency)
const USERS = Number(values.users)

const CONFIG = `project_id = "auth-bench"
[auth]
site_url = "http://127.0.0.1:3000"
[auth.rate_limit]
sign_in_sign_ups = 100000000
token_refresh = 100000000
token_verifications = 100000000
`

const MIGRATION = `
create table public.items (
  id bigserial primary key,
  owner uuid not null default auth.uid() references auth.users on delete cascade,
  body text not null
);
alter table public.items enable row level security;
create policy "own items" on public.items for select to authenticated using (owner = auth.uid());
`

/** Starts the stack in a process of its own; ready once REST serves the items table. */
function startStack(workdir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const ready = async () =>
    (
      await fetch(`http://127.0.0.1:${port}/rest/v1/items?select=id&limit=1`, {
        headers: { apikey: SERVICE_KEY },
      })
    ).ok
  return startStackProcess({ workdir, dataDir, port, ready })
}

interface Rate {
  perSecond: number
  p50: number
  p95: number
  count: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

type Op = (worker: number) => Promise<void>

/** One round: `op` from `concurrency` workers for `seconds`; its rate and latencies (ms). */
async function round(op: Op, latencies: number[]): Promise<number> {
  const began = performance.now()
  const until = began + SECONDS * 1000
  let count = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < until) {
        const start = performance.now()
        await op(worker)
        latencies.push(performance.now() - start)
        count++
      }
    })
  )
  return count / ((performance.now() - began) / 1000)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Measures `op` and its baseline in alternating rounds (baseline, op, baseline, op, …), so that a
 * change in the machine's load during the run touches both alike; medians of the rounds' rates.
 */
async function paired(baseline: Op, op: Op): Promise<{ subject: Rate; baseline: Rate }> {
  for (let w = 0; w < CONCURRENCY; w++) {
    await baseline(w)
    await op(w)
  }
  const rates = { baseline: [] as number[], subject: [] as number[] }
  const latencies = { baseline: [] as number[], subject: [] as number[] }
  for (let r = 0; r < ROUNDS; r++) {
    rates.baseline.push(await round(baseline, latencies.baseline))
    rates.subject.push(await round(op, latencies.subject))
  }
  const summarize = (which: 'baseline' | 'subject'): Rate => {
    const sorted = latencies[which].sort((a, b) => a - b)
    return {
      perSecond: median(rates[which]),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      count: sorted.length,
    }
  }
  return { subject: summarize('subject'), baseline: summarize('baseline') }
}

async function call(
  url: string,
  init: RequestInit,
  expected = 200
): Promise<Record<string, unknown>> {
  const response = await fetch(url, init)
  const text = await response.text()
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`)
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
}

function row(name: string, rate: Rate, baselineName: string, baseline: number): string {
  return `| ${name} | ${rate.perSecond.toFixed(0)} | ${rate.p50.toFixed(1)} | ${rate.p95.toFixed(1)} | ${baselineName} ${baseline.toFixed(0)}/s | ${(rate.perSecond / baseline).toFixed(2)} |`
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'auth-bench-'))
  // The embedded cluster runs as the unprivileged postgres user when this runs as root.
  await chmod(work, 0o755)
  const workdir = path.join(work, 'project')
  const dataDir = path.join(work, 'data')
  await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
  await writeFile(path.join(workdir, 'supabase', 'config.toml'), CONFIG)
  await writeFile(
    path.join(workdir, 'supabase', 'migrations', '20240101000000_items.sql'),
    MIGRATION
  )
  const port = await freePort()
  const api = `http://127.0.0.1:${port}`
  const child = await startStack(workdir, dataDir, port)
  const json = (token: string) => ({
    apikey: ANON_KEY,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json;charset=UTF-8',
    'x-supabase-api-version': '2024-01-01',
  })

  try {
    // Users, each with 20 rows of their own among everyone's.
    const users: { id: string; email: string; refreshToken: string; accessToken: string }[] = []
    for (let i = 0; i < USERS; i++) {
      const email = `bench-${i}@example.com`
      const created = await call(`${api}/auth/v1/admin/users`, {
        method: 'POST',
        headers: json(SERVICE_KEY),
        body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
      })
      const session = await call(`${api}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: json(ANON_KEY),
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      users.push({
        id: created.id as string,
        email,
        refreshToken: session.refresh_token as string,
        accessToken: session.access_token as string,
      })
      await call(
        `${api}/rest/v1/items`,
        {
          method: 'POST',
          headers: { ...json(session.access_token as string), prefer: 'return=minimal' },
          body: JSON.stringify(Array.from({ length: 20 }, (_, n) => ({ body: `item ${n}` }))),
        },
        201
      ).catch(async () => {
        // REST writes need an insert policy; seed through the service role instead.
        await call(
          `${api}/rest/v1/items`,
          {
            method: 'POST',
            headers: { ...json(SERVICE_KEY), prefer: 'return=minimal' },
            body: JSON.stringify(
              Array.from({ length: 20 }, (_, n) => ({ owner: created.id, body: `item ${n}` }))
            ),
          },
          201
        )
      })
    }
    const userOf = (worker: number) => users[worker % users.length]!

    const load = () =>
      loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')
    console.log(
      `Auth benchmark: ${CONCURRENCY} concurrent clients, ${ROUNDS} alternating rounds of ${SECONDS} s ` +
        `per figure (medians), ${USERS} users; stack in its own process; load average ${load()}`
    )
    console.log('')
    console.log('| operation | per second | p50 ms | p95 ms | baseline (same run) | ratio |')
    console.log('| --- | ---: | ---: | ---: | --- | ---: |')

    // Sign-ins, against bcrypt alone at the same cost, run in this process.
    const hash = await hashPassword(PASSWORD)
    const signIn = await paired(
      async () => {
        if (!(await verifyPassword(PASSWORD, hash))) throw new Error('bcrypt mismatch')
      },
      async (worker) => {
        await call(`${api}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: json(ANON_KEY),
          body: JSON.stringify({ email: userOf(worker).email, password: PASSWORD }),
        })
      }
    )
    console.log(
      row(
        `password sign-in (bcrypt cost ${BCRYPT_COST})`,
        signIn.subject,
        'bcrypt compare',
        signIn.baseline.perSecond
      )
    )

    // Refresh grants: each worker refreshes its own session with the token it last got.
    const sessions = await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        const session = await call(`${api}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: json(ANON_KEY),
          body: JSON.stringify({ email: userOf(worker).email, password: PASSWORD }),
        })
        return { refreshToken: session.refresh_token as string }
      })
    )
    const refresh = await paired(
      async () => {
        await call(`${api}/auth/v1/health`, { headers: { apikey: ANON_KEY } })
      },
      async (worker) => {
        const session = sessions[worker]!
        const next = await call(`${api}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: json(ANON_KEY),
          body: JSON.stringify({ refresh_token: session.refreshToken }),
        })
        session.refreshToken = next.refresh_token as string
      }
    )
    console.log(
      row('refresh-token grant', refresh.subject, 'GET /auth/v1/health', refresh.baseline.perSecond)
    )

    // REST reads under RLS with user JWTs, against the same scoped query straight on Postgres.
    // The stack writes its database URL to <data-dir>/stack.json.
    const state = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as {
      dbUrl: string
    }
    const sql = postgres(state.dbUrl, { max: CONCURRENCY, onnotice: () => {} })
    const direct: Op = async (worker) => {
      const user = userOf(worker)
      const claims = JSON.stringify({ sub: user.id, role: 'authenticated', aud: 'authenticated' })
      await sql.begin('read only', async (tx) => {
        await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true), set_config('request.jwt.claim.sub', ${user.id}, true)`
        const rows = await tx`select id, owner, body from public.items`
        if (rows.length !== 20) throw new Error(`expected 20 rows, got ${rows.length}`)
      })
    }
    const rest = async (token: string) => {
      const response = await fetch(`${api}/rest/v1/items?select=id,owner,body`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
      })
      const body = (await response.json()) as unknown[]
      if (response.status !== 200 || body.length !== 20) {
        throw new Error(`REST answered ${response.status}`)
      }
    }
    const restCached = await paired(direct, (worker) => rest(userOf(worker).accessToken))
    console.log(
      row(
        'REST select under RLS, user JWT (cached)',
        restCached.subject,
        'same SQL on Postgres',
        restCached.baseline.perSecond
      )
    )
    let serial = 0
    const restFresh = await paired(direct, (worker) => {
      const user = userOf(worker)
      const now = Math.floor(Date.now() / 1000)
      // A token never seen before, so the stack verifies its signature on this request.
      const token = signHs256(DEFAULT_JWT_SECRET, {
        sub: user.id,
        role: 'authenticated',
        aud: 'authenticated',
        iat: now,
        exp: now + 3600,
        jti: String(serial++),
      })
      return rest(token)
    })
    console.log(
      row(
        'REST select under RLS, fresh JWT each request',
        restFresh.subject,
        'same SQL on Postgres',
        restFresh.baseline.perSecond
      )
    )
    await sql.end({ timeout: 2 })
    console.log('')
    console.log(`load average at the end: ${load()}`)
  } finally {
    await stopProcess(child)
    await rm(work, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
