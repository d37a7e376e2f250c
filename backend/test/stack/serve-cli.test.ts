// `serve` as a real process (what `npm run serve` runs): its refusals as one `Error:` line, its
// start on one port with generated keys that `status` shows, no mail inbox, and a clean stop on
// SIGTERM (what systemd sends); scheduled backups with --backup-every / --backup-keep.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { list } from 'tar'
import { describe, expect, it } from 'vitest'
import { DEFAULT_JWT_SECRET } from '../../src/config/project-config.ts'
import { removeClusters } from '../../src/db/embedded.ts'
import { DEFAULT_SECRET_KEY } from '../../src/jwt/jwt-keys.ts'
import { runCli } from '../support/cli.ts'
import { serveArgs as serveArgsOf, serveTestSetup, startServeCli } from '../support/serve-cli.ts'
import { cloneDatabase, smtpConfig } from '../support/serve.ts'
import { makeProject } from '../support/stack.ts'

const PUBLIC = 'https://chat.example.com'
const setup = serveTestSetup()

async function folders(config: string) {
  const workdir = await makeProject({ config })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'serve-cli-data-'))
  setup.cleanup.push(async () => {
    await rm(workdir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })
  return { workdir, dataDir }
}

function serveArgs(workdir: string, dataDir: string): string[] {
  return serveArgsOf(setup.appDist, workdir, dataDir, ['--public-url', PUBLIC])
}

describe('serve on the command line', () => {
  it('refuses to start without SMTP, in one line saying what to set', async () => {
    const { workdir, dataDir } = await folders('project_id = "no-smtp"\n')
    const result = await runCli(serveArgs(workdir, dataDir))
    expect(result.code).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Error: serve sends sign-up, invitation and password emails/)
    expect(lines[0]).toContain('[auth.email.smtp]')
  })

  it('refuses a secrets file holding the demo JWT secret or demo keys', async () => {
    const { workdir, dataDir } = await folders(smtpConfig(setup.smtp.port))
    const file = path.join(dataDir, 'serve-secrets.json')
    await writeFile(
      file,
      JSON.stringify({
        created_at: '2026-01-01T00:00:00Z',
        jwt_secret: DEFAULT_JWT_SECRET,
        signing_keys: [],
        publishable_key: 'sb_publishable_x',
        secret_key: DEFAULT_SECRET_KEY,
      }),
      { mode: 0o600 }
    )
    const result = await runCli(serveArgs(workdir, dataDir))
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      `Error: ${file}: jwt_secret is the Supabase CLI's public demo value, with which anyone can ` +
        `sign an admin token. Delete the file to have new secrets made (every session ends).`
    )
  })

  it('refuses, in one line, an SMTP_PORT for the functions that is not a port number', async () => {
    const { workdir, dataDir } = await folders(
      smtpConfig(
        setup.smtp.port,
        '[edge_runtime.secrets]\nSMTP_HOST = "relay.example.com"\n' +
          'SMTP_PORT = "env(CHORUS_TEST_UNSET_SMTP_PORT)"\n'
      )
    )
    const database = await cloneDatabase()
    setup.cleanup.push(() => database.drop())
    const result = await runCli(serveArgs(workdir, dataDir), {
      DATABASE_URL: database.url,
      CHORUS_TEST_UNSET_SMTP_PORT: '',
    })
    expect(result.code).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Error: The Edge Functions' SMTP_PORT is "", not a port number/)
  })

  it('refuses --public-url with a path or another scheme', async () => {
    const { workdir, dataDir } = await folders(smtpConfig(setup.smtp.port))
    const args = serveArgs(workdir, dataDir)
    args[args.length - 1] = 'ftp://chat.example.com'
    const result = await runCli(args)
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      'Error: --public-url ftp://chat.example.com must start with https:// (or http://)'
    )
  })

  it('serves on one port with its own keys, no inbox, and stops cleanly on SIGTERM', async () => {
    const { workdir, dataDir } = await folders(smtpConfig(setup.smtp.port))
    const database = await cloneDatabase()
    setup.cleanup.push(() => database.drop())
    const child = await startServeCli(
      serveArgs(workdir, dataDir),
      { DATABASE_URL: database.url },
      setup.cleanup
    )
    const out = child.stdout()
    expect(out).toContain(`Chorus is serving ${PUBLIC} (listening on 127.0.0.1:`)
    const port = /listening on 127\.0\.0\.1:(\d+)/.exec(out)?.[1]
    const url = `http://127.0.0.1:${port}`
    expect(out).toContain(`Generated this server's keys in ${dataDir}/serve-secrets.json`)

    const secrets = JSON.parse(
      await readFile(path.join(dataDir, 'serve-secrets.json'), 'utf8')
    ) as {
      publishable_key: string
      secret_key: string
      jwt_secret: string
    }
    expect(out).toContain(`Publishable key: ${secrets.publishable_key}`)
    // The secret key and the JWT secret never go to the log.
    expect(out + child.stderr()).not.toContain(secrets.secret_key)
    expect(out + child.stderr()).not.toContain(secrets.jwt_secret)

    expect((await fetch(`${url}/health`)).status).toBe(200)
    expect((await fetch(`${url}/`)).status).toBe(200)
    const state = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as {
      mode: string
      inboxUrl: string | null
      publicUrl: string
    }
    expect(state).toMatchObject({ mode: 'serve', inboxUrl: null, publicUrl: PUBLIC })

    const status = await runCli([
      'status',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
      '-o',
      'json',
    ])
    expect(status.code).toBe(0)
    const described = JSON.parse(status.stdout) as Record<string, string>
    expect(described.PUBLISHABLE_KEY).toBe(secrets.publishable_key)
    expect(described.SECRET_KEY).toBe(secrets.secret_key)
    expect(described.MAILPIT_URL).toBeUndefined()
    expect(described).toMatchObject({ PUBLIC_URL: PUBLIC, LAST_BACKUP: 'none' })
    expect(described.UPTIME).toMatch(/^\d+m \d+s$/)
    expect(described.DISK_USE).toMatch(new RegExp(` in ${dataDir}$`))

    // A sign-up's mail goes out by SMTP; its link (which signs the person in) is not in the log.
    const signUp = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: secrets.publishable_key, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'logged@example.com', password: 'a-long-password' }),
    })
    expect(signUp.status).toBe(200)
    for (;;) {
      const mails = await setup.smtp.messages()
      if (mails.some((m) => m.To.some((to) => to.Address === 'logged@example.com'))) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(child.stdout()).toContain('[auth] Email "Confirm Your Email" to logged@example.com\n')
    expect(child.stdout() + child.stderr()).not.toContain('/auth/v1/verify?token=')

    const reset = await runCli(['db', 'reset', '--workdir', workdir, '--data-dir', dataDir])
    expect(reset.code).toBe(1)
    expect(reset.stderr).toContain(
      'runs in production mode (serve); db reset would delete its data'
    )

    expect(await child.stop()).toBe(0)
    expect(child.stdout()).toMatch(/Stopping \(SIGTERM\)\.\.\.\nStopped\.\n$/)
    await expect(readFile(path.join(dataDir, 'stack.json'))).rejects.toThrow(/ENOENT/)
    // Four processes (serve, status, db reset, and this test's own): like cli-commands.test.ts,
    // the time of each tsx start-up under a loaded machine, not of the stack.
  }, 120_000)

  it('takes a backup every --backup-every on its own database, keeping the newest --backup-keep', async () => {
    const { workdir, dataDir } = await folders(smtpConfig(setup.smtp.port))
    setup.cleanup.push(() => removeClusters(dataDir))
    // Its own PostgreSQL in the data folder (a backup copies that cluster), on a free port.
    const args = [...serveArgs(workdir, dataDir), '--db-port', '0']
    const child = await startServeCli(
      [...args, '--backup-every', '1s', '--backup-keep', '2'],
      { DATABASE_URL: '' },
      setup.cleanup
    )
    const taken = () => child.stdout().split('Scheduled backup: ').length - 1
    await expect.poll(taken, { timeout: 60_000 }).toBeGreaterThanOrEqual(3)
    expect(child.stdout()).toContain(
      `Backups every 1 s into ${path.join(dataDir, 'backups')}, keeping 2`
    )
    expect(await child.stop()).toBe(0)
    expect(child.stderr()).not.toContain('Scheduled backup failed')
    const backups = path.join(dataDir, 'backups')
    const names = (await readdir(backups)).filter((name) => name.endsWith('.tar.gz')).sort()
    expect(names).toHaveLength(2)
    // The server's own keys are in it, so that a restore serves with them.
    const entries: string[] = []
    await list({ file: path.join(backups, names[1]!), onReadEntry: (e) => entries.push(e.path) })
    expect(entries.some((entry) => entry.endsWith('serve-secrets.json'))).toBe(true)
  }, 120_000)
})
