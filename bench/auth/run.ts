// Auth benchmark: password sign-ins per second (bcrypt-bound) against raw bcrypt compares at the
// same cost in the same run, refresh-token grants per second against the stack's cheapest request
// (GET /auth/v1/health), and REST reads with user JWTs (a cached token per user, and a freshly
// signed token per request so every request pays the signature check) against the same query run
// straight on Postgres the way REST scopes it.
// The stack and its users are stack.ts; the alternating rounds, paired.ts.
//   node --import tsx bench/auth/run.ts [--seconds 3] [--rounds 3] [--concurrency 8] [--users 8]
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { BCRYPT_COST, hashPassword, verifyPassword } from '../../backend/src/auth/users/password.ts'
import { DEFAULT_JWT_SECRET } from '../../backend/src/config/project-config.ts'
import { signHs256 } from '../../backend/src/jwt/jwt-keys.ts'
import { freePort, stopProcess } from '../support/processes.ts'
import { paired, row } from './paired.ts'
import type { Op } from './paired.ts'
import {
  ANON_KEY,
  CONFIG,
  MIGRATION,
  PASSWORD,
  call,
  json,
  seedUsers,
  startStack,
} from './stack.ts'

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

const SETTINGS = { seconds: SECONDS, rounds: ROUNDS, concurrency: CONCURRENCY }

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
  try {
    // Users, each with 20 rows of their own among everyone's.
    const users = await seedUsers(api, USERS)
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
      },
      SETTINGS
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
      },
      SETTINGS
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
    const restCached = await paired(direct, (worker) => rest(userOf(worker).accessToken), SETTINGS)
    console.log(
      row(
        'REST select under RLS, user JWT (cached)',
        restCached.subject,
        'same SQL on Postgres',
        restCached.baseline.perSecond
      )
    )
    let serial = 0
    const restFresh = await paired(
      direct,
      (worker) => {
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
      },
      SETTINGS
    )
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
