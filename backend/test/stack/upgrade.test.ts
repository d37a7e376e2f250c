// Upgrades the other way: a data folder newer than the code (a platform change or a migration
// version the code does not know) is refused with one line and left as it was. On the upgrade
// fixture (test/fixtures/upgrade, a release's data folder; upgrade-release.test.ts upgrades it),
// marked as a newer stack would have left it; no git history is needed.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../../src/db/embedded.ts'
import { createLogger } from '../../src/logger.ts'
import { databasePassword } from '../../src/serve/secrets.ts'
import { freePort, withDb } from '../support/ops.ts'
import { fakeAppDist, startTestSmtp } from '../support/serve.ts'
import type { TestSmtp } from '../support/serve.ts'
import {
  chorusProject,
  readManifest,
  serveFolder,
  unpackFixture,
} from '../support/upgrade-fixture.ts'
import type { Unpacked } from '../support/upgrade-fixture.ts'

const manifest = readManifest()

let unpacked: Unpacked
let workdir: string
let appDist: string
let smtp: TestSmtp

beforeAll(async () => {
  unpacked = await unpackFixture(manifest)
  smtp = await startTestSmtp()
  workdir = await chorusProject(smtp.port)
  appDist = await fakeAppDist()
}, 60_000)

afterAll(async () => {
  await smtp?.close()
  await unpacked?.remove()
  for (const dir of [workdir, appDist]) {
    if (dir) await rm(dir, { recursive: true, force: true })
  }
})

/** Runs `fn` on the data folder's cluster, started for it alone (with the folder's password). */
async function onCluster<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres({
    pgdata: path.join(unpacked.dataDir, 'pgdata'),
    port: await freePort(),
    password: await databasePassword(unpacked.dataDir),
    log: createLogger('error'),
    name: 'upgrade',
  })
  try {
    return await withDb(server.url, fn)
  } finally {
    await server.stop()
  }
}

const serve = () => serveFolder({ workdir, dataDir: unpacked.dataDir, appDist })

describe('upgrades', () => {
  it('refuses a folder newer than the code (a platform change, then a migration it lacks), changing nothing', async () => {
    await onCluster(
      (sql) =>
        sql`insert into _supabase_local.platform_versions (name, hash) values ('99-from-the-future.sql', 'x')`
    )
    await expect(serve()).rejects.toThrow(
      'This database was set up by a newer version of the stack: it records the platform change 99-from-the-future.sql'
    )
    await expect(serve()).rejects.toThrow('Nothing was changed')

    await onCluster(async (sql) => {
      await sql`delete from _supabase_local.platform_versions where name = '99-from-the-future.sql'`
      await sql`insert into supabase_migrations.schema_migrations (version, name) values ('20990101000000', 'future')`
    })
    await expect(serve()).rejects.toThrow(
      "This database is newer than this project's migrations: it records version 20990101000000"
    )
    const [row] = await onCluster(
      (sql) => sql`select (select count(*)::int from public.messages) as messages,
                          (select count(*)::int from supabase_migrations.schema_migrations) as versions`
    )
    expect(row).toEqual({
      messages: manifest.messages.length,
      versions: manifest.migrations.length + 1,
    })
  }, 180_000)
})
