// The real Supabase CLI (the root's `supabase` devDependency, the official binary from the npm
// registry) run on this repository: it loads the committed supabase/config.toml with no error and
// no warning, and its `db push --db-url` applies Chorus's migrations to a stack, with its own
// statement splitter and its own history table, where `migration list` then finds them. Nothing
// here needs Docker or the cloud: `start` reads and checks the whole config.toml before it looks
// for Docker, which DOCKER_HOST points at a socket that does not exist.
// Not rehearsed: the push as `postgres`. Logged in as supabase_admin (or cli_login_*), the CLI
// steps down with SET SESSION ROLE postgres, as it does on hosted, and the stack has supautils'
// grants in its own migration runner only (backend/src/db/hosted-privileges.ts), not on the wire:
// the first policy on storage.objects is refused ("must be owner of table objects"). The push
// here logs in as a superuser of another name, which the CLI does not step down from.
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const CLI = path.join(ROOT, 'node_modules', '.bin', 'supabase')

interface Result {
  code: number
  output: string
}

let home: string

function supabase(args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      CLI,
      args,
      {
        timeout: 90_000,
        env: {
          ...process.env,
          HOME: home,
          DOCKER_HOST: 'unix:///nonexistent/chorus-test/docker.sock',
          SUPABASE_ACCESS_TOKEN: '',
        },
      },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0
        resolve({ code, output: `${stdout}${stderr}` })
      }
    )
  })
}

/** A copy of the project folder the CLI reads (supabase/ without its tests and packages). */
async function projectCopy(): Promise<string> {
  const workdir = await mkdtemp(path.join(tmpdir(), 'chorus-cli-'))
  for (const name of ['config.toml', 'seed.sql', 'migrations', 'functions', 'templates']) {
    await cp(path.join(ROOT, 'supabase', name), path.join(workdir, 'supabase', name), {
      recursive: true,
    })
  }
  return workdir
}

beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'chorus-cli-home-'))
})

afterAll(async () => {
  await rm(home, { recursive: true, force: true })
})

describe('the Supabase CLI', () => {
  it('is the pinned release', async () => {
    const pinned = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'))
      .devDependencies.supabase as string
    const { code, output } = await supabase(['--version'])
    expect(code).toBe(0)
    expect(output.trim()).toBe(pinned)
  })

  it('loads the committed config.toml with no error and no warning', async () => {
    const workdir = await projectCopy()
    try {
      const { output } = await supabase(['--workdir', workdir, 'start'])
      // Past the config: the next thing `start` does is look for Docker.
      expect(output).toContain('Cannot connect to the Docker daemon')
      expect(output).not.toMatch(/WARN|failed to (read|load) config/i)

      // …and `start` does check it: a value of the wrong type is refused before Docker.
      const config = path.join(workdir, 'supabase', 'config.toml')
      const text = await readFile(config, 'utf8')
      await writeFile(config, text.replace(/^smtp_port = \d+$/m, 'smtp_port = "x"'))
      const broken = await supabase(['--workdir', workdir, 'start'])
      expect(broken.output).toContain('failed to read config')
      expect(broken.output).not.toContain('Docker daemon')
    } finally {
      await rm(workdir, { recursive: true, force: true })
    }
  })
})

describe('supabase db push --db-url onto the stack', () => {
  let stack: TestStack
  let workdir: string
  let dbUrl: string

  const pusher = `chorus_cli_${randomBytes(4).toString('hex')}`
  const admin = postgres(inject('pgUrl'), { max: 1, onnotice: () => {} })

  beforeAll(async () => {
    await admin.unsafe(`create role ${pusher} login superuser password 'postgres'`)
    stack = await startTestStack()
    workdir = await projectCopy()
    // The stack's PostgreSQL speaks no TLS, which the CLI tries first.
    const url = new URL(stack.dbUrl)
    url.username = pusher
    url.password = 'postgres'
    url.searchParams.set('sslmode', 'disable')
    dbUrl = url.href
  })

  afterAll(async () => {
    await stack?.stop()
    await admin.unsafe(`drop role if exists ${pusher}`)
    await admin.end({ timeout: 2 })
    if (workdir) await rm(workdir, { recursive: true, force: true })
  })

  it("applies Chorus's migrations and records them as on a hosted project", async () => {
    const local = (await readdir(path.join(workdir, 'supabase', 'migrations')))
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.split('_')[0])
      .sort()
    const push = await supabase([
      '--workdir',
      workdir,
      'db',
      'push',
      '--db-url',
      dbUrl,
      '--include-all',
      '--yes',
    ])
    expect(push.output).not.toMatch(/error|failed/i)
    expect(push.code).toBe(0)
    const applied = await stack.sql<{ version: string }[]>`
      select version from supabase_migrations.schema_migrations order by version
    `
    expect(applied.map((row) => row.version)).toEqual(local)
    const [tables] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from pg_tables where schemaname = 'public'
    `
    expect(tables!.n).toBeGreaterThan(10)

    const list = await supabase(['--workdir', workdir, 'migration', 'list', '--db-url', dbUrl])
    expect(list.code).toBe(0)
    // Each local version is on the remote too: "`v` | `v` | time".
    for (const version of local) {
      expect(list.output).toMatch(new RegExp(`\`${version}\`\\s*\\|\\s*\`${version}\``))
    }

    const again = await supabase([
      '--workdir',
      workdir,
      'db',
      'push',
      '--db-url',
      dbUrl,
      '--include-all',
      '--yes',
    ])
    expect(again.code).toBe(0)
    expect(again.output).toContain('Remote database is up to date')
  })
})
