// Runs the real command line (`npm run backend -- …`) as a child process, as a developer would:
// built once per test run (prebuilt-cli.ts), so that a process is not spent in tsx's loader.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { chmod, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CLI_BUNDLE } from './prebuilt-cli.ts'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a CLI command to completion. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawnCli(args, env)
  return new Promise((resolve) => {
    child.process.on('exit', (code) =>
      resolve({ code, stdout: child.stdout(), stderr: child.stderr() })
    )
  })
}

export interface RunningCli {
  process: ChildProcess
  stdout(): string
  stderr(): string
}

export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): RunningCli {
  const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return { process: child, stdout: () => stdout, stderr: () => stderr }
}

export interface StartedCli extends RunningCli {
  apiUrl: string
  dbUrl: string
  /** Sends SIGINT and waits for the exit code. */
  stop(): Promise<number | null>
}

/** Starts `start` and waits until it prints that it is ready (or fails). */
export async function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<StartedCli> {
  const child = spawnCli(['start', '--api-port', '0', '--db-port', '0', ...args], env)
  const exited = new Promise<number | null>((resolve) => child.process.on('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (child.stdout().includes('Press Ctrl-C to stop.')) {
        clearInterval(timer)
        resolve()
      }
    }, 50)
    void exited.then((code) => {
      clearInterval(timer)
      reject(new Error(`start exited with ${code}\n${child.stdout()}\n${child.stderr()}`))
    })
  })
  const field = (label: string) => new RegExp(`${label}: (\\S+)`).exec(child.stdout())?.[1] ?? ''
  const stop = async () => {
    child.process.kill('SIGINT')
    const code = await exited
    running.delete(stop)
    return code
  }
  running.add(stop)
  return { ...child, apiUrl: field('API URL'), dbUrl: field('DB URL'), stop }
}

/** The stop of every stack startCli started that has not been stopped yet. */
const running = new Set<() => Promise<number | null>>()

/**
 * Stops what a failed or timed-out test left running (for an afterAll): its PostgreSQL runs in a
 * session of its own and would outlive the test process.
 */
export async function stopStartedClis(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()))
}

/** A temporary folder the unprivileged postgres user can traverse. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix))
  await chmod(dir, 0o755)
  return dir
}
