// The real Supabase CLI's `db push --db-url` onto a `serve` stack's database port, as a team runs
// it against its own server: serve on its own PostgreSQL has supautils on the wire there
// (backend/src/stack/supautils.ts), the push logs in as postgres itself with the database's
// password and applies Chorus's migrations with what hosted's supautils gives postgres, owned by
// postgres, and is refused a reserved role with supautils' message; the same push straight at
// PostgreSQL's own port behind it is refused.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServeTest } from '../../backend/test/support/serve.ts'
import type { ServeTest } from '../../backend/test/support/serve.ts'
import { projectCopy, supabaseCli, troubleIn } from './support/supabase-cli.ts'

let home: string
const supabase = (args: string[]) => supabaseCli(home, args)

beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'chorus-cli-home-'))
})

afterAll(async () => {
  await rm(home, { recursive: true, force: true })
})

describe("supabase db push --db-url as postgres onto a serve stack's database port", () => {
  let serve: ServeTest
  let workdir: string
  let pushUrl: URL
  let serverUrl: URL

  beforeAll(async () => {
    // serve on its own PostgreSQL (no DATABASE_URL): supautils on the database port, as a team
    // runs it; the project it serves has no migrations of its own, the push brings Chorus's.
    serve = await startServeTest({ args: { databaseUrl: undefined, dbPort: 0 } })
    workdir = await projectCopy()
    const password = decodeURIComponent(new URL(serve.stack.dbUrl).password)
    pushUrl = new URL(`postgresql://postgres@127.0.0.1:${serve.stack.supautilsPort}/postgres`)
    pushUrl.password = encodeURIComponent(password)
    pushUrl.searchParams.set('sslmode', 'disable')
    // PostgreSQL's own port behind it, as postgres: no supautils there.
    serverUrl = new URL(pushUrl)
    serverUrl.port = new URL(serve.stack.dbUrl).port
  }, 240_000)

  afterAll(async () => {
    await serve?.stop()
    if (workdir) await rm(workdir, { recursive: true, force: true })
  })

  const push = (url: URL) =>
    supabase(['--workdir', workdir, 'db', 'push', '--db-url', url.href, '--include-all', '--yes'])

  it(
    "applies Chorus's migrations as postgres through supautils, which the server alone refuses",
    { timeout: 300_000 },
    async () => {
      expect(serve.stack.supautilsPort).toEqual(expect.any(Number))
      expect(serverUrl.port).not.toBe(pushUrl.port)
      // Straight to PostgreSQL, postgres may not do what supautils allows it: the first migration
      // that needs it fails (a privileged extension, a policy on storage.objects…).
      const refused = await push(serverUrl)
      expect(refused.code).not.toBe(0)
      expect(refused.output).toMatch(/SQLSTATE 42501/)

      const pushed = await push(pushUrl)
      expect(troubleIn(pushed.output)).toEqual([])
      expect(pushed.code).toBe(0)
      const local = (await readdir(path.join(workdir, 'supabase', 'migrations')))
        .filter((name) => name.endsWith('.sql'))
        .map((name) => name.split('_')[0])
        .sort()
      const admin = postgres(serve.stack.dbUrl, { max: 1, onnotice: () => {} })
      try {
        const applied = await admin<{ version: string }[]>`
          select version from supabase_migrations.schema_migrations order by version
        `
        expect(applied.map((row) => row.version)).toEqual(local)
        expect(
          await admin`
            select distinct pg_get_userbyid(relowner) as owner from pg_class
            where relnamespace = 'public'::regnamespace and relkind = 'r'
          `
        ).toEqual([{ owner: 'postgres' }])
        const [policies] = await admin<{ n: number }[]>`
          select count(*)::int as n from pg_policies
          where schemaname = 'storage' and tablename = 'objects'
        `
        expect(policies!.n).toBeGreaterThan(0)
        expect(await admin`select rolsuper from pg_roles where rolname = 'postgres'`).toEqual([
          { rolsuper: false },
        ])
      } finally {
        await admin.end({ timeout: 2 })
      }
      const list = await supabase([
        '--workdir',
        workdir,
        'migration',
        'list',
        '--db-url',
        pushUrl.href,
      ])
      expect(list.code).toBe(0)
      for (const version of local) {
        expect(list.output).toMatch(new RegExp(`\`${version}\`\\s*\\|\\s*\`${version}\``))
      }

      // And what supautils refuses, refused with its message (a later migration of the project).
      await writeFile(
        path.join(workdir, 'supabase', 'migrations', '20990101000000_reserved.sql'),
        'alter role authenticator nologin;\n'
      )
      const reserved = await push(pushUrl)
      expect(reserved.code).not.toBe(0)
      expect(reserved.output).toContain(
        '"authenticator" is a reserved role, only superusers can modify it (SQLSTATE 42501)'
      )
    }
  )
})
