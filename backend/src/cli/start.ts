// `start`: the local development stack (like `supabase start`), with `db reset` through its
// control port (control.ts, db-reset.ts, resettable-stack.ts) and optional scheduled backups. A production data folder
// (one `serve` has run on) is refused: start would serve it with the public demo keys.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { createLogger } from '../logger.ts'
import { startBackupSchedule } from '../ops/schedule.ts'
import type { BackupSchedule } from '../ops/schedule.ts'
import { SECRETS_FILE } from '../serve/secrets.ts'
import { startStack } from '../stack.ts'
import type { StackOptions } from '../stack.ts'
import { serveControl } from './control.ts'
import { ResettableStack } from './resettable-stack.ts'
import { refuseDeletingProduction, refuseStartOnProduction } from './production-guard.ts'
import { describeStack, readRunningState, renderStatus } from './status.ts'
import { Stopper } from './stopper.ts'

export interface StartArgs {
  workdir: string
  dataDir: string
  reset: boolean
  strictKeys: boolean
  appDist: string | undefined
  appPort: number | undefined
  apiPort: number | undefined
  dbPort: number | undefined
  inboxPort: number | undefined
  inboxHost: string | undefined
  inboxSmtpPort: number | undefined
  postgresBin: string | undefined
  backups: BackupSchedule | null
  /** --yes-delete-production-data: --reset may delete a production folder's data. */
  deleteProduction: boolean
}

export async function start(args: StartArgs): Promise<number> {
  if (args.reset) {
    refuseDeletingProduction('start --reset', args.dataDir, null, args.deleteProduction)
  } else {
    refuseStartOnProduction(args.dataDir)
  }
  serverHeapGrowth()
  const log = createLogger()
  const began = Date.now()
  const stopper = new Stopper()
  const options: StackOptions = {
    workdir: args.workdir,
    dataDir: args.dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    reset: args.reset,
    strictKeys: args.strictKeys,
    appDist: args.appDist,
    appPort: args.appPort,
    apiPort: args.apiPort,
    dbPort: args.dbPort,
    inboxPort: args.inboxPort,
    inboxHost: args.inboxHost,
    inboxSmtpPort: args.inboxSmtpPort,
    postgresBin: args.postgresBin,
    log,
  }
  const stack = await startStack({ ...options, signal: stopper.signal }).catch((error: unknown) => {
    if (stopper.signal.aborted) return null
    throw error
  })
  if (!stack) {
    process.stdout.write('Stopped.\n')
    return 0
  }
  stopper.stack = stack
  // A confirmed reset of a production folder: its keys went with its data, it serves development.
  if (args.reset) await rm(path.join(args.dataDir, SECRETS_FILE), { force: true })
  const state = await readRunningState(args.dataDir)
  const description = await describeStack(
    args.workdir,
    state ?? {
      pid: process.pid,
      workdir: stack.config.workdir,
      apiUrl: stack.apiUrl,
      appUrl: stack.appUrl,
      inboxUrl: stack.inboxUrl,
      dbUrl: stack.dbUrl,
      startedAt: new Date().toISOString(),
    },
    args.dataDir
  )
  process.stdout.write(`Started supabase local development setup in ${Date.now() - began} ms.\n\n`)
  process.stdout.write(renderStatus(description, 'pretty'))
  if (stack.inboxUrl) {
    // The inbox's links sign in as their recipients: say where it can be read from.
    const where = args.inboxHost ? `listening on ${args.inboxHost}` : 'for this machine only'
    process.stdout.write(
      `\nEmails the stack sends land in the inbox at ${stack.inboxUrl} (${where}; its own port, ` +
        `not the API's). Whoever reads it can follow their links as the recipient. Your own ` +
        `code's mail reaches it by SMTP at 127.0.0.1:${stack.inboxSmtpPort}.\n`
    )
  }
  if (stack.appUrl) process.stdout.write(`\nOpen Chorus at ${stack.appUrl}\n`)
  process.stdout.write(`\nPress Ctrl-C to stop.\n`)

  // `db reset` replaces the stack by a new one on the same ports (see resettable-stack.ts).
  const running = new ResettableStack(stack, options, log, (next) => (stopper.stack = next))
  const control = await serveControl(args.dataDir, { reset: running.reset })
  const target = { workdir: args.workdir, dataDir: args.dataDir, postgresBin: args.postgresBin }
  const backups = args.backups && startBackupSchedule(args.backups, target, log)
  const reason = await Promise.race([stopper.requested, running.lost])
  await backups?.stop()
  await control.close()
  await running.idle() // a reset under way finishes, so that what it started is stopped below
  if (reason !== 'signal') process.stderr.write(`Error: ${reason}; stopping the stack.\n`)
  await stopper.stopStack(log)
  process.stdout.write('Stopped.\n')
  return reason === 'signal' ? 0 : 1
}

/**
 * A running stack's heap may double before a full collection (V8's own choice goes as low as
 * live size + 8 MB + the young generation's capacity while requests keep it busy). The bytes a
 * transfer reads from its sockets are young array buffers, freed by a young collection only once
 * 32 MB of them are waiting (V8's threshold, not a flag); V8 counts them against that headroom, so
 * under a steady upload a smaller headroom started a full collection of the whole heap every few
 * megabytes (bench/storage/README.md).
 */
function serverHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=100')
}
