// `serve` as a real CLI process for the settings, password and production-folder tests: the
// settings file a server keeps (KEY=value lines, mode 0600) and a serve started and stopped.
import { chmod, rm, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll } from 'vitest'
import { spawnCli } from './cli.ts'
import type { RunningCli } from './cli.ts'
import { fakeAppDist, startTestSmtp } from './serve.ts'
import type { TestSmtp } from './serve.ts'

export interface ServeTestSetup {
  /** The test's SMTP server (serve's settings name it). */
  readonly smtp: TestSmtp
  /** A fake build of the app for serve to serve. */
  readonly appDist: string
  /** Run after the file's tests, the last added first. */
  readonly cleanup: (() => Promise<void>)[]
}

/** What a file of serve tests shares: made before its tests, undone after them (a file's own
 * afterAll, registered later, runs before this one's). */
export function serveTestSetup(): ServeTestSetup {
  let smtp: TestSmtp | undefined
  let appDist = ''
  const cleanup: (() => Promise<void>)[] = []
  beforeAll(async () => {
    smtp = await startTestSmtp()
    appDist = await fakeAppDist()
  })
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn()
    await smtp?.close()
    if (appDist) await rm(appDist, { recursive: true, force: true })
  })
  return {
    get smtp() {
      if (!smtp) throw new Error('serveTestSetup: the SMTP server starts in beforeAll')
      return smtp
    },
    get appDist() {
      return appDist
    },
    cleanup,
  }
}

/** A settings file whose SMTP server is the test's own (127.0.0.1:smtpPort). */
export function settingsText(smtpPort: number, extra = ''): string {
  return [
    '# this server',
    'CHORUS_PUBLIC_URL=https://from-file.example.com',
    'SMTP_HOST=127.0.0.1',
    `SMTP_PORT=${smtpPort}`,
    'SMTP_USER=chorus',
    'SMTP_PASS="file-smtp-password"',
    'SMTP_ADMIN_EMAIL=no-reply@from-file.example.com',
    'SMTP_SENDER_NAME=Chorus',
    extra,
  ].join('\n')
}

export async function writeSettings(file: string, text: string, mode = 0o600): Promise<string> {
  await writeFile(file, text)
  await chmod(file, mode)
  return file
}

export function serveArgs(
  appDist: string,
  workdir: string,
  dataDir: string,
  more: string[] = []
): string[] {
  return [
    'serve',
    '--workdir',
    workdir,
    '--data-dir',
    dataDir,
    '--app-dist',
    appDist,
    '--port',
    '0',
    ...more,
  ]
}

export interface RunningServe extends RunningCli {
  /** SIGTERM (when still running); its exit code. */
  stop(): Promise<number | null>
}

/** Starts serve and waits until it is ready; `cleanup` gets its stop. */
export async function startServeCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  cleanup: (() => Promise<void>)[]
): Promise<RunningServe> {
  const child = spawnCli(args, env)
  const exited = new Promise<number | null>((resolve) => child.process.on('exit', resolve))
  const stop = async () => {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGTERM')
    }
    return exited
  }
  cleanup.push(async () => void (await stop()))
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (child.stdout().includes('Press Ctrl-C to stop.')) {
        clearInterval(timer)
        resolve()
      }
    }, 50)
    void exited.then((code) => {
      clearInterval(timer)
      reject(new Error(`serve exited with ${code}\n${child.stdout()}\n${child.stderr()}`))
    })
  })
  return { ...child, stop }
}
