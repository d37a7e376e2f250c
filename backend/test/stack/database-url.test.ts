// The stack on a PostgreSQL server it does not run itself (DATABASE_URL): a cluster this test
// makes on Debian's PostgreSQL 15 with initdb and starts with wal_level=logical (as the postgres
// user when root), as a developer's own server would be. The platform contract, migrations
// (PostGIS included), REST, Realtime's postgres_changes and --reset work on it.
import { spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { chown, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack } from '../../src/stack.ts'
import type { Stack } from '../../src/stack.ts'
import { Collector, subscribed } from '../realtime/helpers.ts'
import { tempDir } from '../support/cli.ts'
import { makeProject } from '../support/stack.ts'
import { clientOf, recordingLogger, requireSystemPostgis } from '../support/system-postgres.ts'
import { SYSTEM_BIN } from '../support/system-postgres.ts'
import { freePort } from '../../src/http/ports.ts'

const PASSWORD = 'external-secret'

interface ExternalServer {
  /** Superuser URL of its `postgres` database. */
  url: string
  stop(): Promise<void>
}

/** initdb and postgres from SYSTEM_BIN in a folder of their own, on a free port. */
async function startExternalServer(): Promise<ExternalServer> {
  const dir = await tempDir('external-postgres-')
  const pgdata = path.join(dir, 'pgdata')
  const passwordFile = path.join(dir, 'password')
  await mkdir(pgdata, { mode: 0o700 })
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 })
  // PostgreSQL refuses to run as root: then it runs as the postgres user, as Debian's does.
  const runAs: { uid: number; gid: number } | null =
    process.getuid?.() === 0
      ? {
          uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout),
          gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout),
        }
      : null
  if (runAs) {
    await chown(pgdata, runAs.uid, runAs.gid)
    await chown(passwordFile, runAs.uid, runAs.gid)
  }
  const env = { ...process.env, LC_ALL: 'C' }
  const initdb = spawnSync(
    path.join(SYSTEM_BIN, 'initdb'),
    [
      `--pgdata=${pgdata}`,
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
    ],
    { ...(runAs ?? {}), cwd: dir, env, encoding: 'utf8' }
  )
  if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr}`)
  const port = await freePort()
  const server: ChildProcess = spawn(
    path.join(SYSTEM_BIN, 'postgres'),
    [
      ...['-D', pgdata, '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', 'wal_level=logical', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
    ],
    { ...(runAs ?? {}), cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()))
  let output = ''
  await new Promise<void>((resolve, reject) => {
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('ready to accept connections')) resolve()
    })
    void exited.then(() => reject(new Error(`postgres exited: ${output}`)))
  })
  return {
    url: `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      server.kill('SIGINT')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}

const SCHEMA = `
create extension if not exists postgis schema extensions;
create table public.stops (
  id bigint generated always as identity primary key,
  name text not null,
  location extensions.geometry(Point, 4326)
);
grant select, insert on public.stops to anon;
alter publication supabase_realtime add table public.stops;
`

let external: ExternalServer
let workdir: string
let databaseUrl: string
let stack: Stack
const clients: SupabaseClient[] = []

function start(reset = false): Promise<Stack> {
  return startStack({
    workdir,
    databaseUrl,
    apiPort: 0,
    inboxPort: 0,
    reset,
    log: recordingLogger(),
  })
}

function client(key?: string): SupabaseClient {
  const made = clientOf(stack, key)
  clients.push(made)
  return made
}

beforeAll(async () => {
  requireSystemPostgis()
  external = await startExternalServer()
  const admin = postgres(external.url, { max: 1, onnotice: () => {} })
  await admin`create database app`
  await admin.end()
  const url = new URL(external.url)
  url.pathname = '/app'
  databaseUrl = url.toString()
  workdir = await makeProject({
    config: 'project_id = "external"\n',
    migrations: { '20240101000000_stops.sql': SCHEMA },
  })
  stack = await start()
}, 120_000)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
  await stack?.stop()
  await external?.stop()
  if (workdir) await rm(workdir, { recursive: true, force: true })
})

describe('DATABASE_URL: a PostgreSQL 15 server the stack does not run', () => {
  it('runs no server of its own and brings the database up to date', async () => {
    expect(stack.embedded).toBeNull()
    expect(stack.engine).toBeNull()
    expect(stack.dbUrl).toBe(databaseUrl)
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    const [row] = await sql<{ version: string; migrations: string[] }[]>`
      select current_setting('server_version_num') as version,
             (select array_agg(version) from supabase_migrations.schema_migrations) as migrations`
    await sql.end()
    expect(row?.version.slice(0, 2)).toBe('15')
    expect(row?.migrations).toEqual(['20240101000000'])
  })

  it('REST writes and reads, the geometry as GeoJSON', async () => {
    const insert = await client()
      .from('stops')
      .insert({ name: 'Zoo', location: 'SRID=4326;POINT(13.33 52.51)' })
      .select('name, location')
    expect(insert.error).toBeNull()
    expect(insert.data).toEqual([
      {
        name: 'Zoo',
        location: expect.objectContaining({ type: 'Point', coordinates: [13.33, 52.51] }),
      },
    ])
    const read = await client().from('stops').select('name').eq('name', 'Zoo')
    expect(read.data).toEqual([{ name: 'Zoo' }])
  })

  it('Realtime delivers postgres_changes from the server’s logical replication', async () => {
    const changes = new Collector<RealtimePostgresChangesPayload<Record<string, unknown>>>()
    const channel = client()
      .channel('stops')
      // Filtered to this test's row: the stream may still be delivering the previous test's
      // insert (committed before the subscription, decoded after it) on a busy machine.
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'stops', filter: 'name=eq.Hauptbahnhof' },
        changes.push
      )
    await subscribed(channel, true)
    expect((await client().from('stops').insert({ name: 'Hauptbahnhof' })).error).toBeNull()
    const [change] = await changes.count(1)
    expect(change?.eventType).toBe('INSERT')
    expect(change?.new).toMatchObject({ name: 'Hauptbahnhof', location: null })
  })

  it('--reset drops the database and creates it anew', async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
    await stack.stop()
    stack = await start(true)
    expect(stack.fresh).toBe(true)
    const { data, error } = await client().from('stops').select('name')
    expect(error).toBeNull()
    expect(data).toEqual([])
  })
})
