// A bench's stack child in production mode: the stack as `serve` starts it (serveSetup: its own
// generated keys, strict API keys, Realtime's limits sized to the machine as serve sizes them,
// nothing lifted), on free ports, with a settings file whose SMTP server is a local sink that
// this child runs (serve refuses to start without one; the benches send no mail). Prints the
// same JSON line as stack-child.ts; on SIGTERM stops and removes the child's temporary folder.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { startSmtp } from '../../backend/src/auth/inbox/smtp.ts'
import { InboxStore } from '../../backend/src/auth/inbox/store.ts'
import { serveSetup } from '../../backend/src/cli/serve.ts'
import { createLogger } from '../../backend/src/logger.ts'
import { startStack } from '../../backend/src/stack.ts'
import { announceAndServe } from './stack-child.ts'

/**
 * Starts `serve`'s stack for `workdir` with its data in `<temporary>/data` and serves until
 * SIGTERM, then removes `temporary` (the child's own folder).
 */
export async function runServeChild(options: {
  workdir: string
  temporary: string
}): Promise<void> {
  for (const name of Object.keys(process.env)) {
    // A bench inherits nothing that would lift serve's limits.
    if (name.startsWith('TENANT_MAX_')) delete process.env[name]
  }
  // bench/team/joins.ts measures the joins the stack serves with the joins limit lifted.
  if (process.env.BENCH_TENANT_MAX_JOINS_PER_SECOND) {
    process.env.TENANT_MAX_JOINS_PER_SECOND = process.env.BENCH_TENANT_MAX_JOINS_PER_SECOND
  }
  const log = createLogger(process.env.STACK_LOG_LEVEL === 'debug' ? 'debug' : 'warn')
  const dataDir = path.join(options.temporary, 'data')
  const appDist = path.join(options.temporary, 'app')
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await mkdir(appDist, { recursive: true })
  // The web app's files are not measured (the people are simulated clients): a one-page build.
  await writeFile(path.join(appDist, 'index.html'), '<!doctype html><title>Chorus</title>\n')
  const smtp = await startSmtp({
    store: InboxStore.at(path.join(options.temporary, 'mail')),
    port: 0,
    log: createLogger('error'),
  })
  await writeFile(
    path.join(dataDir, 'chorus.env'),
    [
      'CHORUS_PUBLIC_URL=http://127.0.0.1',
      'SMTP_HOST=127.0.0.1',
      `SMTP_PORT=${smtp.port}`,
      'SMTP_USER=bench',
      'SMTP_PASS=bench-smtp-password',
      'SMTP_ADMIN_EMAIL=no-reply@bench.example.com',
      'SMTP_SENDER_NAME=Chorus',
      '',
    ].join('\n'),
    { mode: 0o600 }
  )
  const { options: stackOptions } = await serveSetup(
    {
      workdir: options.workdir,
      dataDir,
      publicUrl: undefined,
      host: undefined,
      port: 0,
      dbPort: 0,
      trustedProxies: [],
      noSignup: false,
      appDist,
      postgresBin: undefined,
      databaseUrl: undefined,
    },
    log
  )
  const stack = await startStack(stackOptions)

  announceAndServe(
    {
      apiUrl: stack.apiUrl,
      dbUrl: stack.dbUrl,
      // serve's strict keys: a client's apikey is the publishable key.
      anonKey: stack.keys.publishableKey,
      jwtSecret: stack.keys.jwtSecret,
    },
    () =>
      stack
        .stop()
        .then(() => smtp.close())
        .then(() => rm(options.temporary, { recursive: true, force: true }))
  )
}
