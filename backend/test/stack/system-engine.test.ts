// A Supabase project whose migration creates PostGIS, which the embedded PostgreSQL lacks: the
// stack runs its cluster on Debian's PostgreSQL 15 (scripts/ensure-postgres.ts installs it)
// with no flag, and REST (GeoJSON included), Realtime, Storage, Auth and --reset work as on the
// embedded engine. --postgres-bin picks an installation by hand. The project folder is private
// (mkdtemp's 0700): as root the cluster lives under /var/lib/chorus, as on the embedded engine.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { lstat, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { varDir } from '../../src/db/postgres-home.ts'
import { startStack } from '../../src/stack.ts'
import type { Stack } from '../../src/stack.ts'
import { Collector, subscribed } from '../realtime/helpers.ts'
import { runCli, startCli } from '../support/cli.ts'
import { makeProject } from '../support/stack.ts'
import { clientOf, recordingLogger, requireSystemPostgis } from '../support/system-postgres.ts'
import { SYSTEM_BIN, SYSTEM_ROOT } from '../support/system-postgres.ts'

const isRoot = process.getuid?.() === 0
/** Tests that start stacks (initdb included) get room for a loaded 2-core CI machine. */
const STARTS_TIMEOUT = 120_000

const GEO = `
create extension if not exists postgis schema extensions;
create table public.places (
  id bigint generated always as identity primary key,
  name text not null,
  location extensions.geometry(Point, 4326)
);
grant select, insert on public.places to anon;
alter publication supabase_realtime add table public.places;
insert into public.places (name, location)
  values ('Paris', extensions.st_setsrid(extensions.st_makepoint(2.35, 48.85), 4326));
`

let workdir: string
let dataDir: string
let stack: Stack
let log: ReturnType<typeof recordingLogger>
const clients: SupabaseClient[] = []

function start(reset = false): Promise<Stack> {
  log = recordingLogger()
  return startStack({ workdir, apiPort: 0, dbPort: 0, inboxPort: 0, fastDb: true, reset, log })
}

function client(key?: string): SupabaseClient {
  const made = clientOf(stack, key)
  clients.push(made)
  return made
}

beforeAll(async () => {
  requireSystemPostgis()
  // The project ran on the embedded PostgreSQL before its PostGIS migration was written.
  workdir = await makeProject({ config: 'project_id = "geo"\n' })
  dataDir = path.join(workdir, 'supabase', '.temp', 'local-stack')
  stack = await start()
  expect(stack.engine?.kind).toBe('embedded')
  await stack.stop()
  await writeFile(path.join(workdir, 'supabase', 'migrations', '20240101000000_places.sql'), GEO)
  stack = await start()
}, STARTS_TIMEOUT)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
  await stack?.stop()
  await runCli(['stop', '--no-backup', '--workdir', workdir])
  await rm(workdir, { recursive: true, force: true })
})

describe('a project whose migrations create PostGIS, started with no flag', () => {
  it('runs on PostgreSQL 15 from /usr/lib/postgresql and says so, and why, in one line', async () => {
    expect(stack.engine?.kind).toBe('system')
    expect(log.lines).toContain(
      `Using PostgreSQL 15 at ${SYSTEM_ROOT} (the migrations need postgis, which the embedded ` +
        `PostgreSQL 17 lacks); its cluster is pgdata-system-15 in the data folder`
    )
    const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
    const [row] = await sql<{ version: string; postgis: string }[]>`
      select current_setting('server_version_num') as version, extensions.postgis_lib_version() as postgis`
    const [wal] = await sql<{ wal_level: string }[]>`show wal_level`
    await sql.end()
    expect(row?.version.slice(0, 2)).toBe('15')
    expect(row?.postgis).toMatch(/^3\./)
    expect(wal?.wal_level).toBe('logical')

    // The embedded engine's cluster stays as it was, and the start says its data is not here.
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(true)
    expect(log.lines).toContain(
      `This is a new, empty database on PostgreSQL 15 at ${SYSTEM_ROOT}; the data of pgdata ` +
        `(another engine's cluster in ${dataDir}) is not carried over and stays as it was.`
    )
    const pgdata = path.join(dataDir, 'pgdata-system-15')
    const link = await lstat(pgdata)
    // As root from a private folder the cluster lives where the postgres user can own it.
    expect(link.isSymbolicLink()).toBe(isRoot)
    if (isRoot)
      expect(stack.embedded?.pgdata.startsWith(path.join(varDir(), 'clusters'))).toBe(true)
  })

  it('REST answers a geometry column as GeoJSON, as PostgREST with PostGIS does', async () => {
    const { data, error } = await client().from('places').select('name, location')
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        name: 'Paris',
        location: expect.objectContaining({ type: 'Point', coordinates: [2.35, 48.85] }),
      },
    ])
  })

  it('Accept: application/geo+json answers a FeatureCollection of the rows', async () => {
    const { data, error } = await client().from('places').select('id, name, location').geojson()
    expect(error).toBeNull()
    expect(data).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [2.35, 48.85] },
          properties: { id: 1, name: 'Paris' },
        },
      ],
    })
    const none = await fetch(`${stack.apiUrl}/rest/v1/places?id=eq.0`, {
      headers: { apikey: stack.keys.anonKey, accept: 'application/geo+json' },
    })
    expect(none.status).toBe(200)
    expect(none.headers.get('content-type')).toBe('application/geo+json; charset=utf-8')
    expect(await none.json()).toEqual({ type: 'FeatureCollection', features: [] })
  })

  it('Realtime delivers an insert of the PostGIS table', async () => {
    const changes = new Collector<RealtimePostgresChangesPayload<Record<string, unknown>>>()
    const channel = client()
      .channel('places')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'places' }, changes.push)
    await subscribed(channel, true)
    const { error } = await client()
      .from('places')
      .insert({ name: 'Berlin', location: 'SRID=4326;POINT(13.4 52.52)' })
    expect(error).toBeNull()
    const [change] = await changes.count(1)
    expect(change?.eventType).toBe('INSERT')
    expect(change?.new).toMatchObject({ name: 'Berlin' })
  })

  it('Storage keeps and returns a file', async () => {
    const admin = client(stack.keys.serviceRoleKey)
    expect((await admin.storage.createBucket('maps')).error).toBeNull()
    const upload = await admin.storage.from('maps').upload('paris.txt', 'Paris, 48.85 N 2.35 E', {
      contentType: 'text/plain',
    })
    expect(upload.error).toBeNull()
    const download = await admin.storage.from('maps').download('paris.txt')
    expect(download.error).toBeNull()
    expect(await download.data?.text()).toBe('Paris, 48.85 N 2.35 E')
  })

  it('Auth signs a user up', async () => {
    const email = `geo-${randomUUID()}@example.com`
    const { data, error } = await client().auth.signUp({ email, password: 'a long passphrase' })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.session?.access_token).toEqual(expect.any(String))
  })

  it(
    '--reset starts again from an empty database on the same engine',
    async () => {
      await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
      await stack.stop()
      stack = await start(true)
      expect(stack.engine?.kind).toBe('system')
      expect(
        log.lines.some((line) => line.startsWith('Creating a new PostgreSQL 15 cluster'))
      ).toBe(true)
      // --reset deleted every engine's cluster.
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false)
      const { data, error } = await client().from('places').select('name')
      expect(error).toBeNull()
      expect(data).toEqual([{ name: 'Paris' }])
    },
    STARTS_TIMEOUT
  )
})

describe('--postgres-bin', () => {
  it(
    'runs the cluster on the installation named, with no migration needing it',
    async () => {
      const project = await makeProject({ config: 'project_id = "picked"\n[inbucket]\nport = 0\n' })
      try {
        const running = await startCli(['--workdir', project, '--postgres-bin', SYSTEM_BIN])
        try {
          expect(running.stderr()).toContain(
            `Using PostgreSQL 15 at ${SYSTEM_ROOT} (--postgres-bin)`
          )
          const sql = postgres(running.dbUrl, { max: 1, onnotice: () => {} })
          const [row] = await sql<
            { v: string }[]
          >`select current_setting('server_version_num') as v`
          await sql.end()
          expect(row?.v.slice(0, 2)).toBe('15')
          expect((await fetch(`${running.apiUrl}/rest/v1/`)).status).toBeLessThan(500)
        } finally {
          expect(await running.stop()).toBe(0)
        }
      } finally {
        await runCli(['stop', '--no-backup', '--workdir', project])
        await rm(project, { recursive: true, force: true })
      }
    },
    STARTS_TIMEOUT
  )

  it(
    'names what is wrong when the folder holds no PostgreSQL server, or DATABASE_URL is set',
    async () => {
      const project = await makeProject({ config: 'project_id = "wrong"\n[inbucket]\nport = 0\n' })
      const empty = path.join(project, 'not-postgres')
      await mkdir(empty)
      await writeFile(path.join(empty, 'README'), 'nothing to run\n')
      try {
        const args = ['start', '--workdir', project, '--api-port', '0', '--db-port', '0']
        const missing = await runCli([...args, '--postgres-bin', empty])
        expect(missing.code).toBe(1)
        expect(missing.stderr.trim()).toBe(
          `Error: --postgres-bin ${empty}: no PostgreSQL server there (it needs postgres and ` +
            `initdb; on Debian they are in /usr/lib/postgresql/NN/bin).`
        )
        const both = await runCli([...args, '--postgres-bin', SYSTEM_BIN], {
          DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:1/postgres',
        })
        expect(both.code).toBe(1)
        expect(both.stderr.trim()).toBe(
          'Error: --postgres-bin picks the PostgreSQL the stack runs itself; with DATABASE_URL ' +
            'set it runs none. Unset DATABASE_URL or leave out --postgres-bin.'
        )
      } finally {
        await rm(project, { recursive: true, force: true })
      }
    },
    STARTS_TIMEOUT
  )
})
