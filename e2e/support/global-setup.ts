// Builds the app, starts the stack serving it in the arrangement E2E_ARRANGEMENT names, and hands
// the URLs and keys to the tests through the environment (Playwright passes it on to its
// workers). The returned function stops it.
// - production (the default): `serve` as a team runs it on its own server, with the suite's own
//   SMTP server (support/production-stack.ts);
// - hosted: the app on a static host of its own, as a hosted deployment has it (the @core
//   scenarios; support/stack-process.ts);
// - local: `npm start`'s development stack, demo keys and seed (the @smoke scenario).
import { execFileSync } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startProductionStack, suiteArrangement } from './production-stack.ts'
import type { ProductionStack } from './production-stack.ts'
import { readServeSecrets, SHAPE_COUNT, secretsInLog, secretsOfRun } from './run-log-secrets.ts'
import { ROOT, startStack } from './stack-process.ts'

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The run's own build, in a folder of its own (never app/dist, which others rebuild meanwhile):
  // E2E_APP_DIST when given (`npm run test -w e2e` gives one folder to its three runs, and its
  // later runs, E2E_APP_BUILT=1, serve the first one's build), else a temporary folder.
  const given = process.env.E2E_APP_DIST
  const dist = given || (await mkdtemp(path.join(tmpdir(), 'chorus-e2e-app-')))
  process.env.E2E_APP_DIST = dist
  if (process.env.E2E_APP_BUILT !== '1' || !existsSync(path.join(dist, 'index.html'))) {
    buildApp(dist)
  }
  const arrangement = suiteArrangement()
  // The stack's log, kept in a file for the run's check for secrets (and printed with
  // E2E_STACK_LOG).
  const logDir = await mkdtemp(path.join(tmpdir(), 'chorus-e2e-log-'))
  const logFile = path.join(logDir, 'stack.log')
  const logStream = createWriteStream(logFile)
  const log = (line: string) => {
    logStream.write(`${line}\n`)
    if (process.env.E2E_STACK_LOG) process.stdout.write(`[stack] ${line}\n`)
  }
  const production = arrangement === 'production' ? await startProductionStack({ log }) : null
  const serveSecrets = production ? await readServeSecrets(production.dataDir) : ''
  const stack =
    production ??
    (await startStack({ arrangement: arrangement === 'hosted' ? 'hosted' : 'local', log }))
  process.env.E2E_ARRANGEMENT = arrangement
  process.env.CHORUS_APP_URL = stack.appUrl
  process.env.CHORUS_API_URL = stack.apiUrl
  process.env.CHORUS_INBOX_URL = stack.inboxUrl
  // The log itself, for the specs that look for what the stack logged (csp.spec.ts's reports).
  process.env.CHORUS_STACK_LOG = logFile
  // Production: the publishable and secret keys serve generated (there are no demo keys).
  process.env.CHORUS_ANON_KEY = stack.anonKey
  process.env.CHORUS_SERVICE_ROLE_KEY = stack.serviceRoleKey
  process.env.CHORUS_DB_URL = stack.dbUrl
  return async () => {
    await stack.stop()
    await new Promise((resolve) => logStream.end(resolve))
    if (!given) await rm(dist, { recursive: true, force: true })
    try {
      if (production) await checkLogForSecrets(production, serveSecrets, logFile)
    } finally {
      await rm(logDir, { recursive: true, force: true })
    }
  }
}

/** Fails the run when the stack's log holds a secret the run made (issue 46, item 7). */
async function checkLogForSecrets(
  stack: ProductionStack,
  serveSecrets: string,
  logFile: string
): Promise<void> {
  const secrets = secretsOfRun({
    serveSecrets,
    smtpPass: stack.secrets.smtpPass,
    publishableKey: stack.anonKey,
    mails: stack.secrets.mails(),
  })
  const text = await readFile(logFile, 'utf8')
  const found = secretsInLog(text, secrets)
  const lines = text.split('\n').length - 1
  if (found.length > 0) {
    throw new Error(`the stack's log (${lines} lines) holds secrets: ${found.join('; ')}`)
  }
  process.stdout.write(
    `the stack's log: ${lines} lines, ${secrets.size} secrets of this run and ${SHAPE_COUNT} shapes looked for, none found\n`
  )
}

function buildApp(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: path.join(ROOT, 'app'),
      stdio: 'inherit',
    }
  )
}
