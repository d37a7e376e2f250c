// Chorus's own upgrade: the data folder an earlier release made (test/fixtures/upgrade, made by
// that release's `serve` through the real API: people, a workspace, channels, messages with a
// thread, reactions, files in Storage) is unpacked and served by today's `serve`. Every account
// signs in with its password, every message, reaction and attachment row is there, every file
// comes back byte for byte through Storage, the release's keys are kept, and every migration and
// platform file the folder lacked is applied once: a second start applies nothing. No git
// history is needed: the fixture is the folder itself.
import { createHash } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../../src/stack.ts'
import { REPO_ROOT } from '../support/cli.ts'
import { fakeAppDist, startTestSmtp } from '../support/serve.ts'
import type { TestSmtp } from '../support/serve.ts'
import {
  chorusProject,
  localMigrations,
  readManifest,
  RELEASE,
  serveFolder,
  unpackFixture,
} from '../support/upgrade-fixture.ts'
import type { Unpacked } from '../support/upgrade-fixture.ts'

const manifest = readManifest()

let unpacked: Unpacked
let dataDir: string
let workdir: string
let appDist: string
let smtp: TestSmtp
let stack: Stack | null = null

const serve = () => serveFolder({ workdir, dataDir, appDist })

beforeAll(async () => {
  unpacked = await unpackFixture(manifest)
  dataDir = unpacked.dataDir
  smtp = await startTestSmtp()
  workdir = await chorusProject(smtp.port)
  appDist = await fakeAppDist()
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  await smtp?.close()
  await unpacked?.remove()
  for (const dir of [workdir, appDist]) {
    if (dir) await rm(dir, { recursive: true, force: true })
  }
})

describe(`upgrading a data folder of release ${RELEASE}`, () => {
  it(
    'today’s serve applies what it lacks once; people, messages, reactions and files are all there',
    {
      timeout: 300_000,
    },
    async () => {
      const local = await localMigrations()
      const added = local.filter((version) => !manifest.migrations.includes(version))
      // The fixture is older than today's migrations (else this test checks no upgrade).
      expect(added.length).toBeGreaterThan(0)

      stack = await serve()
      const secrets = JSON.parse(await readFile(path.join(dataDir, 'serve-secrets.json'), 'utf8'))
      const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
      try {
        const applied = await sql<{ version: string }[]>`
        select version from supabase_migrations.schema_migrations order by version
      `
        expect(applied.map((row) => row.version)).toEqual(local)
        const platform = (await readdir(path.join(REPO_ROOT, 'backend/src/db/platform')))
          .filter((name) => name.endsWith('.sql'))
          .sort()
        const recorded = await sql<{ name: string }[]>`
        select name from _supabase_local.platform_versions order by name
      `
        expect(recorded.map((row) => row.name)).toEqual(platform)

        const messages = await sql<
          { id: string; channel: string; author: string; body: string; parent: string | null }[]
        >`
        select id, channel_id as channel, author_id as author, body, parent_id as parent
        from public.messages where deleted_at is null order by id
      `
        const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
        expect(messages).toEqual([...manifest.messages].sort(byId))
        const reactions = await sql<{ message: string; user: string; emoji: string }[]>`
        select message_id as message, user_id as "user", emoji from public.reactions
      `
        const key = (r: { message: string; user: string; emoji: string }) =>
          `${r.message} ${r.user} ${r.emoji}`
        expect(reactions.map(key).sort()).toEqual(manifest.reactions.map(key).sort())
        const attachments = await sql<{ message: string; path: string }[]>`
        select message_id as message, path from public.attachments order by path
      `
        expect(attachments).toEqual(
          manifest.files
            .map((file) => ({ message: file.message, path: file.path }))
            .sort((a, b) => (a.path < b.path ? -1 : 1))
        )
      } finally {
        await sql.end({ timeout: 2 })
      }

      // The release's keys are kept; every account signs in with its password, and a member
      // downloads every file byte for byte.
      const url = stack.apiUrl
      for (const person of manifest.people) {
        const client = createClient(url, secrets.publishable_key, {
          auth: { persistSession: false },
          realtime: { transport: ws as never },
        })
        const { data, error } = await client.auth.signInWithPassword({
          email: person.email,
          password: person.password,
        })
        expect(error).toBeNull()
        expect(data.user?.id).toBe(person.id)
        for (const file of manifest.files) {
          const download = await client.storage.from('attachments').download(file.path)
          expect(download.error).toBeNull()
          const bytes = Buffer.from(await download.data!.arrayBuffer())
          expect(bytes.length).toBe(file.size)
          expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256)
        }
        await client.auth.signOut()
      }

      // A second start finds nothing to apply: each migration ran once.
      const before = await history(stack.dbUrl)
      await stack.stop()
      stack = null
      stack = await serve()
      expect(await history(stack.dbUrl)).toEqual(before)
    }
  )
})

/** The migration history and the platform files, as recorded, to compare across starts. */
async function history(dbUrl: string): Promise<unknown[]> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  try {
    return [
      await sql`select * from supabase_migrations.schema_migrations order by version`,
      await sql`select * from _supabase_local.platform_versions order by name`,
    ]
  } finally {
    await sql.end({ timeout: 2 })
  }
}
