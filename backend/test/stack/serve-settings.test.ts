// A server's settings outside the repository, as real CLI processes: the settings file
// (DATA_DIR/chorus.env or --config, KEY=value lines, mode 0600) read by serve, status, backup,
// restore and service-unit, flags over it, and its refusals as one `Error:` line each (a file
// others can read, one that cannot be read, no SMTP anywhere, a public URL that is not a URL).
import { spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, runCli } from '../support/cli.ts'
import {
  serveArgs as serveArgsOf,
  settingsText,
  serveTestSetup,
  startServeCli,
  writeSettings,
} from '../support/serve-cli.ts'
import { cloneDatabase } from '../support/serve.ts'
import { makeProject } from '../support/stack.ts'

const setup = serveTestSetup()

/** A project whose config.toml has no SMTP (the server's is in its settings file). */
async function folders() {
  const workdir = await makeProject({
    config: 'project_id = "settings"\n[auth.email]\nenable_confirmations = true\n',
  })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'serve-settings-'))
  setup.cleanup.push(async () => {
    await rm(workdir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })
  return { workdir, dataDir }
}

function serveArgs(workdir: string, dataDir: string, more: string[] = []): string[] {
  return serveArgsOf(setup.appDist, workdir, dataDir, more)
}

async function oneErrorLine(args: string[]): Promise<string> {
  const result = await runCli(args, { SMTP_PASS: '' })
  expect(result.code).toBe(1)
  const lines = result.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  return lines[0]!
}

const MAIN = path.join(REPO_ROOT, 'backend/src/cli/main.ts')

const startServe = (args: string[], env: NodeJS.ProcessEnv) =>
  startServeCli(args, env, setup.cleanup)

describe('the settings file refused at start, in one line', () => {
  it('readable by others', async () => {
    const { workdir, dataDir } = await folders()
    const file = await writeSettings(
      path.join(dataDir, 'chorus.env'),
      settingsText(setup.smtp.port),
      0o644
    )
    expect(await oneErrorLine(serveArgs(workdir, dataDir))).toBe(
      `Error: The settings file ${file} can be read or changed by other accounts (mode 0644): ` +
        `it holds the SMTP password. chmod 600 ${file}`
    )
  })

  it('no SMTP configured, in the settings file or config.toml', async () => {
    const { workdir, dataDir } = await folders()
    await writeSettings(
      path.join(dataDir, 'chorus.env'),
      'CHORUS_PUBLIC_URL=https://a.example.com\n'
    )
    const line = await oneErrorLine(serveArgs(workdir, dataDir))
    expect(line).toMatch(/^Error: serve sends sign-up, invitation and password emails/)
    expect(line).toContain(
      `the settings file ${path.join(dataDir, 'chorus.env')} (mode 0600: SMTP_HOST`
    )
  })

  it('a settings file that cannot be read, or that was given and is missing', async () => {
    const { workdir, dataDir } = await folders()
    const folder = path.join(dataDir, 'chorus.env')
    await mkdir(folder)
    expect(await oneErrorLine(serveArgs(workdir, dataDir))).toBe(
      `Error: Cannot read the settings file ${folder}: it is not a file`
    )
    const missing = path.join(dataDir, 'elsewhere.env')
    expect(await oneErrorLine(serveArgs(workdir, dataDir, ['--config', missing]))).toMatch(
      new RegExp(`^Error: The settings file ${missing} does not exist \\(--config\\)`)
    )
  })

  // A file with no permission at all (mode 0000: nobody's to read, others' neither). As root,
  // serve runs without the capabilities that let root read anyway (setpriv drops them from its
  // bounding set), so it meets the file as any account would; the repository it runs from may
  // be in a private folder, which root still owns.
  it('a settings file the account cannot read', async () => {
    const { workdir, dataDir } = await folders()
    const file = await writeSettings(
      path.join(dataDir, 'chorus.env'),
      settingsText(setup.smtp.port)
    )
    await chmod(file, 0o000)
    const node = [process.execPath, '--import', 'tsx', MAIN, ...serveArgs(workdir, dataDir)]
    const [command, ...args] =
      process.getuid?.() === 0
        ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', ...node]
        : node
    const child = spawn(command!, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, SMTP_PASS: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(stderr.trim()).toBe(
      `Error: Cannot read the settings file ${file} (permission denied): it must be a file the ` +
        `account running Chorus can read, mode 0600`
    )
    expect(code).toBe(1)
  })

  it('a public URL that is not a URL', async () => {
    const { workdir, dataDir } = await folders()
    const file = await writeSettings(
      path.join(dataDir, 'chorus.env'),
      settingsText(setup.smtp.port).replace('https://from-file.example.com', 'chat.example.com')
    )
    expect(await oneErrorLine(serveArgs(workdir, dataDir))).toBe(
      `Error: CHORUS_PUBLIC_URL in ${file}: chat.example.com is not a URL; give one such as https://chat.example.com`
    )
  })
})

describe('serve and status read the settings file; flags override it', () => {
  it('serves the public URL, SMTP and sign-up the file gives', async () => {
    const { workdir, dataDir } = await folders()
    const file = await writeSettings(
      path.join(dataDir, 'chorus.env'),
      settingsText(setup.smtp.port)
    )
    const database = await cloneDatabase()
    setup.cleanup.push(() => database.drop())
    const env = { DATABASE_URL: database.url, SMTP_PASS: '' }
    const first = await startServe(serveArgs(workdir, dataDir), env)
    expect(first.stdout()).toContain(
      'Chorus is serving https://from-file.example.com (listening on'
    )
    expect(first.stdout()).toContain(`Settings from ${file}`)
    const port = /listening on 127\.0\.0\.1:(\d+)/.exec(first.stdout())?.[1]
    const secrets = JSON.parse(
      await readFile(path.join(dataDir, 'serve-secrets.json'), 'utf8')
    ) as {
      publishable_key: string
    }
    const signUp = (email: string) =>
      fetch(`http://127.0.0.1:${port}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: secrets.publishable_key, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a-long-password' }),
      })
    // The confirmation goes out through the file's SMTP server, from its sender.
    expect((await signUp('filed@example.com')).status).toBe(200)
    for (let waited = 0; ; waited += 25) {
      const mails = await setup.smtp.messages()
      const mail = mails.find((m) => m.To.some((to) => to.Address === 'filed@example.com'))
      if (mail) {
        expect(mail.From.Address).toBe('no-reply@from-file.example.com')
        break
      }
      if (waited > 30_000) throw new Error(`no mail\n${first.stdout()}\n${first.stderr()}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
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
    expect(JSON.parse(status.stdout)).toMatchObject({
      PUBLIC_URL: 'https://from-file.example.com',
      SETTINGS_FILE: file,
      SMTP_SERVER: `127.0.0.1:${setup.smtp.port} as chorus`,
      BACKUPS: 'none',
      SIGNUP: 'unset',
    })
    expect(status.stdout).not.toContain('file-smtp-password')
    expect(first.stdout() + first.stderr()).not.toContain('file-smtp-password')
    expect(await first.stop()).toBe(0)

    // Sign-up closed by the file; the public URL given as a flag wins over the file's.
    await writeSettings(file, settingsText(setup.smtp.port, 'CHORUS_SIGNUP=closed\n'))
    const second = await startServe(
      serveArgs(workdir, dataDir, ['--port', port!, '--public-url', 'https://flag.example.com']),
      env
    )
    expect(second.stdout()).toContain('Chorus is serving https://flag.example.com (listening on')
    const refused = await signUp('closed@example.com')
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error_code: string }).error_code).toBe('signup_disabled')
    expect(await second.stop()).toBe(0)
  }, 120_000)
})

describe('service-unit', () => {
  it("names the settings file as systemd's EnvironmentFile and serve's --config", async () => {
    const { dataDir } = await folders()
    const missing = await runCli(['service-unit', '--data-dir', dataDir])
    expect(missing.code).toBe(0)
    expect(missing.stderr).toContain(
      `Write the server's settings to ${dataDir}/chorus.env (mode 0600)`
    )
    const file = await writeSettings(
      path.join(dataDir, 'chorus.env'),
      settingsText(setup.smtp.port)
    )
    const unit = await runCli(['service-unit', '--data-dir', dataDir])
    expect(unit.code).toBe(0)
    expect(unit.stderr).toBe('')
    expect(unit.stdout).toContain(`\nEnvironmentFile=${file}\n`)
    expect(unit.stdout).toMatch(
      new RegExp(`\nExecStart=.* --data-dir ${dataDir} --config ${file}\n`)
    )
    await chmod(file, 0o644)
    const open = await runCli(['service-unit', '--data-dir', dataDir])
    expect(open.code).toBe(1)
    expect(open.stderr).toMatch(/^Error: The settings file .* \(mode 0644\)/)
  })
})
