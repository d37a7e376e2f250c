// The running PostgreSQL server as a child process: its flags and environment, its output to the
// debug log (the last lines kept to explain a failure), readiness, and its fast or immediate stop.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import path from 'node:path'
import type { Logger } from '../logger.ts'
import { describePortInUse } from '../port-owner.ts'
import { DatabaseStartError, oneLine } from './postgres-start-error.ts'
import type { Binaries, RunAs } from './postgres-home.ts'

/** How long a fast shutdown may take before the server is stopped immediately (SIGQUIT). */
const FAST_SHUTDOWN_MS = 1500

/** What launching the server needs of embedded.ts's options. */
export interface LaunchOptions {
  port: number
  log: Logger
  /** Trade durability for speed (tests): fsync and synchronous_commit off. */
  fast?: boolean
  /** Aborts the start: the server is stopped and the start throws. */
  signal?: AbortSignal
}

/** A started server process. */
export interface ServerProcess {
  pid: number
  /** Resolves when the server process has exited, for whatever reason. */
  exited: Promise<void>
  /** Fast shutdown; immediate shutdown if that takes longer than 1.5 s. */
  stop(): Promise<void>
  /** Immediate shutdown (SIGQUIT), without waiting: for a forced exit. */
  kill(): void
}

/** Starts postgres on the cluster; resolves once it accepts connections, else throws why not. */
export async function launch(
  binaries: Binaries,
  pgdata: string,
  runAs: RunAs | null,
  options: LaunchOptions
): Promise<ServerProcess> {
  const child = spawn(
    binaries.postgres,
    ['-D', pgdata, '-p', String(options.port), ...serverFlags(options)],
    {
      ...(runAs ?? {}),
      cwd: path.dirname(pgdata),
      env: serverEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      // A session of its own: a terminal's Ctrl-C (SIGINT to the foreground process group)
      // reaches the stack only, which then stops this server after the services that use it.
      detached: true,
    }
  )
  const output = collect(child, options.log)
  let running = true
  const exited = new Promise<void>((resolve) => {
    child.on('error', (error) => {
      output.lines.push(error.message)
      running = false
      resolve()
    })
    child.on('exit', () => {
      running = false
      resolve()
    })
  })
  const signalServer = (name: NodeJS.Signals) => {
    if (running && child.pid !== undefined) process.kill(child.pid, name)
  }
  const stop = async () => {
    if (!running) return
    signalServer('SIGINT')
    const timer = setTimeout(() => signalServer('SIGQUIT'), FAST_SHUTDOWN_MS)
    await exited
    clearTimeout(timer)
  }

  const ready = await new Promise<boolean>((resolve) => {
    const onLine = () => {
      if (output.lines.some((line) => line.includes('ready to accept connections'))) resolve(true)
    }
    output.onLine = onLine
    onLine()
    void exited.then(() => resolve(false))
    options.signal?.addEventListener('abort', () => resolve(false), { once: true })
  })
  output.onLine = null
  if (!ready) {
    await stop()
    options.signal?.throwIfAborted()
    throw new DatabaseStartError(await explainStartFailure(output.lines, options.port, pgdata))
  }
  return { pid: child.pid!, exited, stop, kill: () => signalServer('SIGQUIT') }
}

/** The server's log lines: each to the debug log, the last 200 kept to explain a failure. */
export function collect(child: ChildProcess, log: Logger) {
  const output = { lines: [] as string[], onLine: null as (() => void) | null }
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      output.lines.push(line)
      if (output.lines.length > 200) output.lines.shift()
      log.debug(`[postgres] ${line}`)
    }
    output.onLine?.()
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  return output
}

export function serverEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' }
}

function serverFlags(options: LaunchOptions): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    wal_level: 'logical',
    max_replication_slots: '64',
    max_wal_senders: '64',
    max_connections: '200',
    shared_buffers: '64MB',
    // Keep WAL from growing without bound if a replication slot is left behind.
    max_slot_wal_keep_size: '1GB',
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
  }
  if (options.fast) {
    settings.fsync = 'off'
    settings.synchronous_commit = 'off'
    settings.full_page_writes = 'off'
  }
  return Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])
}

async function explainStartFailure(lines: string[], port: number, pgdata: string): Promise<string> {
  const output = lines.join('\n')
  if (/could not bind|Address already in use/i.test(output)) {
    return describePortInUse(port, 'the database ([db] port)', '--db-port')
  }
  if (/lock file .* already exists/i.test(output)) {
    return `Another PostgreSQL server is using the cluster in ${pgdata}; stop it first.`
  }
  const errors = lines.filter((line) => /FATAL|PANIC|ERROR|denied/.test(line))
  return `PostgreSQL did not start: ${oneLine((errors.length > 0 ? errors : lines.slice(-3)).join(' ')) || 'no output'}`
}
