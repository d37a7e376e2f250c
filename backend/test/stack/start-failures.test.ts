// Every way `start` fails is one line on stderr (`Error: …`, saying what and what to do) and a
// non-zero exit: never a stack trace or an unhandled 'error' event.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo, Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeClusters } from '../../src/db/embedded.ts'
import { installedEngines } from '../../src/db/engine.ts'
import { distributionMajor } from '../../src/db/extensions.ts'
import { runCli } from '../support/cli.ts'
import type { CliResult } from '../support/cli.ts'

let base: string
const dataDirs: string[] = []

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'start-failures-'))
  // Reachable by the postgres user when run as root, so that each cluster stays where the test
  // puts it (a private folder moves it elsewhere: test/stack/private-folder.test.ts).
  await chmod(base, 0o755)
})

afterAll(async () => {
  for (const dir of dataDirs) await removeClusters(dir)
  await rm(base, { recursive: true, force: true })
})

/** A project folder with this config.toml and these files under supabase/. */
async function project(name: string, files: Record<string, string> = {}): Promise<string> {
  const workdir = path.join(base, name)
  await mkdir(path.join(workdir, 'supabase', 'migrations'), { recursive: true })
  const config = files['config.toml'] ?? `project_id = "${name}"\n[inbucket]\nport = 0\n`
  await writeFile(path.join(workdir, 'supabase', 'config.toml'), config)
  for (const [file, text] of Object.entries(files)) {
    if (file !== 'config.toml') await writeFile(path.join(workdir, 'supabase', file), text)
  }
  return workdir
}

async function start(workdir: string, ...extra: string[]): Promise<CliResult> {
  const dataDir = path.join(workdir, 'data')
  dataDirs.push(dataDir)
  return runCli(['start', '--workdir', workdir, '--data-dir', dataDir, ...extra])
}

/** A command's arguments with ports the system picks. */
const FREE_PORTS = (...args: string[]) => [...args, '--api-port', '0', '--db-port', '0']

/** Exit code 1, exactly one `Error:` line, and no stack trace anywhere. */
function theError(result: CliResult): string {
  expect(result.code).toBe(1)
  const lines = result.stderr.split('\n').filter((line) => line.startsWith('Error: '))
  expect(lines).toHaveLength(1)
  expect(result.stderr).not.toMatch(/^\s+at /m)
  expect(result.stderr).not.toContain("Unhandled 'error' event")
  expect(result.stdout).not.toContain('Stopped.')
  return lines[0]!
}

async function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return { server, port: (server.address() as AddressInfo).port }
}

describe('start fails with one line', () => {
  it('when the API port is taken: by what, and the flag that changes it', async () => {
    const { server, port } = await listen()
    try {
      const line = theError(
        await start(await project('api-port'), '--api-port', String(port), '--db-port', '0')
      )
      expect(line).toMatch(
        new RegExp(
          `^Error: Port ${port} for the API \\(\\[api\\] port\\) is already in use by pid ${process.pid}: ` +
            `.*node.*\\. Stop that, or start with --api-port N \\(0 picks a free port\\)\\.$`
        )
      )
    } finally {
      server.close()
    }
  })

  it('when the database port is taken', async () => {
    const { server, port } = await listen()
    try {
      const line = theError(
        await start(await project('db-port'), '--api-port', '0', '--db-port', String(port))
      )
      expect(line).toContain(`Port ${port} for the database ([db] port) is already in use by pid`)
      expect(line).toContain('start with --db-port N')
    } finally {
      server.close()
    }
  })

  it("when the inbox's SMTP port is taken: by what, and the flag that changes it", async () => {
    const { server, port } = await listen()
    try {
      const workdir = await project('smtp-port', {
        'config.toml': `project_id = "smtp-port"\n[inbucket]\nport = 0\nsmtp_port = ${port}\n`,
      })
      const line = theError(await start(workdir, '--api-port', '0', '--db-port', '0'))
      expect(line).toContain(
        `Port ${port} for the mail inbox's SMTP ([inbucket] smtp_port) is already in use by pid`
      )
      expect(line).toContain('start with --inbox-smtp-port N (0 picks a free port).')
    } finally {
      server.close()
    }
  })

  it('when the data folder cannot be written', async () => {
    const workdir = await project('data-folder')
    // Root may write any folder; /sys refuses to make folders to everyone, root included.
    const dataDir = '/sys/chorus-data'
    // Free ports: the defaults (54321, 54322) may be another stack's, or briefly an outgoing
    // connection's, and their check comes first.
    const result = await runCli(FREE_PORTS('start', '--workdir', workdir, '--data-dir', dataDir))
    expect(theError(result)).toMatch(
      new RegExp(
        `^Error: The data folder ${dataDir} cannot be created or written \\(E[A-Z]+: .+\\)\\. Choose another with --data-dir DIR\\.$`
      )
    )
  })

  it('when initdb fails', async () => {
    // initdb refuses a data folder whose path holds a line break.
    const workdir = await project('initdb')
    const dataDir = path.join(workdir, 'two\nlines')
    dataDirs.push(dataDir)
    const result = await runCli(FREE_PORTS('start', '--workdir', workdir, '--data-dir', dataDir))
    const line = theError(result)
    expect(line).toMatch(/^Error: initdb failed for ".*two\\nlines.*": /)
    expect(line).toContain('newline or carriage return')
  })

  it('when the data folder holds another major version', async () => {
    const workdir = await project('major')
    await mkdir(path.join(workdir, 'data', 'pgdata'), { recursive: true })
    await writeFile(path.join(workdir, 'data', 'pgdata', 'PG_VERSION'), '15\n')
    const line = theError(await start(workdir, '--api-port', '0', '--db-port', '0'))
    expect(line).toContain('holds a PostgreSQL 15 cluster, but this stack runs PostgreSQL 17')
  })

  it('when config.toml is wrong: the file, the line, the key and why', async () => {
    const workdir = await project('config', {
      'config.toml': 'project_id = "config"\n[api]\nport = "fifty"\n',
    })
    const line = theError(await start(workdir))
    expect(line).toBe(
      `Error: ${path.join(workdir, 'supabase', 'config.toml')}:3: [api] port must be a port number (0-65535)`
    )
  })

  it('when the signing keys file is wrong', async () => {
    const workdir = await project('keys', {
      'config.toml':
        'project_id = "keys"\n[inbucket]\nport = 0\n[auth]\nsigning_keys_path = "./signing_keys.json"\n',
      'signing_keys.json': '{"kty": "RSA", "this is": \n not json',
    })
    const line = theError(await start(workdir, '--api-port', '0', '--db-port', '0'))
    expect(line).toContain('signing_keys.json')
    expect(line).toContain('[auth] signing_keys_path')
  })

  it('when a migration fails: the file, the line and the SQL error', async () => {
    const workdir = await project('migration', {
      'migrations/20240101000000_broken.sql':
        'create table public.ok (id int);\n\nselect * from public.nowhere;\n',
    })
    const line = theError(await start(workdir, '--api-port', '0', '--db-port', '0'))
    expect(line).toBe(
      'Error: supabase/migrations/20240101000000_broken.sql:3: ERROR: relation "public.nowhere" does not exist (SQLSTATE 42P01)'
    )
  })

  it('when PostGIS is installed nowhere: the migration, the extension and the package', async () => {
    const workdir = await project('no-postgis', {
      'migrations/20240101000000_geo.sql':
        '-- places\ncreate extension if not exists postgis schema extensions;\n',
    })
    // No PostgreSQL installed: the stack looks in an empty folder instead of /usr/lib/postgresql.
    const empty = path.join(workdir, 'no-installations')
    await mkdir(empty)
    // Free ports: the defaults may be another test's stack (CI s27-2 met 54322 taken).
    const result = await runCli(
      FREE_PORTS('start', '--workdir', workdir, '--data-dir', path.join(workdir, 'data')),
      { CHORUS_POSTGRES_ROOTS: `${empty}:${empty}` }
    )
    const major = distributionMajor() ?? 17
    expect(theError(result)).toBe(
      'Error: supabase/migrations/20240101000000_geo.sql:2: the migration needs the extension ' +
        `"postgis", which neither the embedded PostgreSQL 17 nor any PostgreSQL installed under ${empty} has. ` +
        `Install it (on Debian: apt-get install postgresql-${major}-postgis-3) and start again, ` +
        'pick a PostgreSQL installation that has it with --postgres-bin DIR, or set DATABASE_URL to a server that has it.'
    )
  })

  it('when a migration needs an extension no PostgreSQL at hand has: the migration, the extension, what installs it', async () => {
    // pgRouting: neither the embedded PostgreSQL nor what CI installs (scripts/ensure-postgres.ts) has it.
    const workdir = await project('extension', {
      'migrations/20240101000000_routes.sql':
        '-- routes\ncreate extension if not exists postgis schema extensions;\n' +
        'create extension if not exists pgrouting schema extensions;\n',
    })
    const installed = installedEngines()
    expect(installed.map((engine) => engine.label)).toContain(
      'PostgreSQL 15 at /usr/lib/postgresql/15'
    )
    const line = theError(await start(workdir, '--api-port', '0', '--db-port', '0'))
    expect(line).toBe(
      'Error: supabase/migrations/20240101000000_routes.sql:3: the migration needs the extension ' +
        `"pgrouting", which neither the embedded PostgreSQL 17 nor ${installed.map((e) => e.label).join(' or ')} has. ` +
        `Install it (on Debian: apt-get install postgresql-${installed[0]!.major}-pgrouting) and start again, ` +
        'pick a PostgreSQL installation that has it with --postgres-bin DIR, or set DATABASE_URL to a server that has it.'
    )
  })
})
