// A production data folder (one `serve` has run on) on its own PostgreSQL, as real CLI processes:
// no role of its database takes the well-known password "postgres" (the superuser and the
// services' roles have the password serve generated with its keys), while `start` keeps the
// CLI's; a folder `start` made gets serve's password on serve's first start. backup and restore
// read the settings file (one kept elsewhere with --config goes into the archive), and the
// commands that delete a folder's data refuse a production one without
// --yes-delete-production-data.
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { list } from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { removeClusters } from '../../src/db/embedded.ts'
import { runCli, startCli, stopStartedClis } from '../support/cli.ts'
import {
  serveArgs,
  serveTestSetup,
  settingsText,
  startServeCli,
  writeSettings,
} from '../support/serve-cli.ts'
import { makeProject } from '../support/stack.ts'

const setup = serveTestSetup()

afterAll(async () => {
  await stopStartedClis()
})

/** A private folder (as root the cluster then lives under /var/lib/chorus), deleted after. */
async function privateDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix))
  setup.cleanup.push(async () => {
    await removeClusters(path.join(dir, 'data')).catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  })
  return dir
}

/** PostgreSQL's answer to logging in as `user` with `password`: 'ok' or its SQLSTATE. */
async function login(dbUrl: string, user: string, password: string): Promise<string> {
  const url = new URL(dbUrl)
  url.username = encodeURIComponent(user)
  url.password = encodeURIComponent(password)
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {}, connect_timeout: 10 })
  try {
    await sql`select 1`
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  } finally {
    await sql.end({ timeout: 1 })
  }
}

/** Every role that may log in, by the superuser URL. */
async function loginRoles(dbUrl: string): Promise<string[]> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  try {
    const rows = await sql<
      { name: string }[]
    >`select rolname as name from pg_roles where rolcanlogin order by 1`
    return rows.map((row) => row.name)
  } finally {
    await sql.end({ timeout: 1 })
  }
}

async function dbUrlOf(dataDir: string): Promise<string> {
  return (JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as { dbUrl: string })
    .dbUrl
}

const ENV = { DATABASE_URL: '', SMTP_PASS: '' }

describe('a serve data folder', () => {
  it('takes no well-known password, backs up its settings, and is not deleted without the flag', async () => {
    const root = await privateDir('serve-prod-')
    const workdir = await makeProject({ config: 'project_id = "prod"\n' })
    setup.cleanup.push(() => rm(workdir, { recursive: true, force: true }))
    const dataDir = path.join(root, 'data')
    // The settings kept outside the data folder, given with --config; backups scheduled there.
    const settings = await writeSettings(
      path.join(root, 'chorus.env'),
      settingsText(setup.smtp.port, 'CHORUS_BACKUP_EVERY=1h\nCHORUS_BACKUP_KEEP=3\n')
    )
    const args = [
      ...serveArgs(setup.appDist, workdir, dataDir, ['--config', settings]),
      '--db-port',
      '0',
    ]
    const serve = await startServeCli(args, ENV, setup.cleanup)
    expect(serve.stdout()).toContain(
      `Backups every 3600 s into ${path.join(dataDir, 'backups')}, keeping 3`
    )

    const dbUrl = await dbUrlOf(dataDir)
    const secrets = JSON.parse(
      await readFile(path.join(dataDir, 'serve-secrets.json'), 'utf8')
    ) as {
      db_password: string
    }
    expect(secrets.db_password).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(decodeURIComponent(new URL(dbUrl).password)).toBe(secrets.db_password)
    // stack.json holds that password: its owner's only.
    expect((await stat(path.join(dataDir, 'stack.json'))).mode & 0o777).toBe(0o600)
    const roles = await loginRoles(dbUrl)
    expect(roles).toEqual(expect.arrayContaining(['authenticator', 'postgres', 'supabase_admin']))
    for (const role of roles)
      expect([role, await login(dbUrl, role, 'postgres')]).toEqual([role, '28P01'])
    for (const role of ['supabase_admin', 'authenticator', 'supabase_auth_admin', 'postgres']) {
      expect([role, await login(dbUrl, role, secrets.db_password)]).toEqual([role, 'ok'])
    }

    // status reads the settings file serve read (stack.json names it), without --config.
    const status = await runCli([
      'status',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
      '-o',
      'json',
    ])
    expect(JSON.parse(status.stdout)).toMatchObject({
      SETTINGS_FILE: settings,
      PUBLIC_URL: 'https://from-file.example.com',
      BACKUPS: 'every 1h, keeping 3',
    })

    // Nothing deletes it without the flag: not stop --no-backup, not db reset.
    const stop = await runCli(['stop', '--no-backup', '--workdir', workdir, '--data-dir', dataDir])
    expect(stop.code).toBe(1)
    expect(stop.stderr.trim()).toBe(
      `Error: ${dataDir} is a production data folder (npm run serve runs on it): stop --no-backup ` +
        `would delete its database, stored files and keys. Nothing was changed. Take a backup ` +
        `first (npm run backend -- backup); to delete it anyway, add --yes-delete-production-data.`
    )
    expect(serve.process.exitCode).toBeNull()
    const reset = await runCli([
      'db',
      'reset',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
      '--yes-delete-production-data',
    ])
    expect(reset.code).toBe(1)

    // backup reads the settings file: one kept elsewhere is in the archive, as chorus.env.
    const archive = path.join(root, 'backup.tar.gz')
    const backup = await runCli([
      'backup',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
      '--config',
      settings,
      '--output',
      archive,
    ])
    expect(backup.stderr).not.toContain('Error')
    expect(backup.code).toBe(0)
    const entries: string[] = []
    await list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) })
    expect(entries).toContain('files/chorus.env')
    expect(entries).toContain('files/serve-secrets.json')
    expect(await serve.stop()).toBe(0)

    // Stopped, still a production folder: start refuses it, with --reset too.
    const start = await runCli(['start', '--workdir', workdir, '--data-dir', dataDir])
    expect(start.code).toBe(1)
    expect(start.stderr.trim()).toMatch(
      /^Error: .* is a production data folder \(it holds serve-secrets\.json\): run it with npm run serve/
    )
    const startReset = await runCli([
      'start',
      '--reset',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
    ])
    expect(startReset.code).toBe(1)
    expect(startReset.stderr).toContain('start --reset would delete its database')
    const dbReset = await runCli(['db', 'reset', '--workdir', workdir, '--data-dir', dataDir])
    expect(dbReset.code).toBe(1)
    expect(dbReset.stderr).toContain('db reset would delete its database')
    expect(existsSync(path.join(dataDir, 'serve-secrets.json'))).toBe(true)

    // restore reads the restored settings and says to serve it (never start, with demo keys).
    const restoredDir = path.join(root, 'restored')
    setup.cleanup.push(() => removeClusters(restoredDir))
    const restore = await runCli(['restore', archive, '--data-dir', restoredDir])
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain(
      `Serve it with its own keys (settings from ${restoredDir}/chorus.env: https://from-file.example.com): npm run serve -- --data-dir ${restoredDir}`
    )
    expect((await stat(path.join(restoredDir, 'chorus.env'))).mode & 0o777).toBe(0o600)

    // With the flag, it goes.
    const deleted = await runCli([
      'stop',
      '--no-backup',
      '--yes-delete-production-data',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
    ])
    expect(deleted.code).toBe(0)
    expect(existsSync(path.join(dataDir, 'serve-secrets.json'))).toBe(false)
  }, 240_000)

  it("start keeps the CLI's password; serve on that folder replaces it on every login role", async () => {
    const root = await privateDir('serve-adopt-')
    const workdir = await makeProject({ config: 'project_id = "adopt"\n[inbucket]\nport = 0\n' })
    setup.cleanup.push(() => rm(workdir, { recursive: true, force: true }))
    const dataDir = path.join(root, 'data')
    const dev = await startCli(['--workdir', workdir, '--data-dir', dataDir], { DATABASE_URL: '' })
    const devUrl = await dbUrlOf(dataDir)
    expect(await login(devUrl, 'postgres', 'postgres')).toBe('ok')
    expect(await login(devUrl, 'supabase_admin', 'postgres')).toBe('ok')
    expect(await dev.stop()).toBe(0)

    await writeSettings(path.join(dataDir, 'chorus.env'), settingsText(setup.smtp.port))
    const serve = await startServeCli(
      [...serveArgs(setup.appDist, workdir, dataDir), '--db-port', '0'],
      ENV,
      setup.cleanup
    )
    expect(serve.stdout()).toContain(
      'had the well-known password "postgres": it now has this server\'s own'
    )
    const dbUrl = await dbUrlOf(dataDir)
    for (const role of await loginRoles(dbUrl)) {
      expect([role, await login(dbUrl, role, 'postgres')]).toEqual([role, '28P01'])
    }
    expect(await serve.stop()).toBe(0)
  }, 240_000)
})
