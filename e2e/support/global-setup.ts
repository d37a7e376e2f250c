// Builds the app, starts the stack serving it in the arrangement E2E_ARRANGEMENT names, and hands
// the URLs and keys to the tests through the environment (Playwright passes it on to its
// workers). The returned function stops it.
// - production (the default): `serve` as a team runs it on its own server, with the suite's own
//   SMTP server (support/production-stack.ts);
// - hosted: the app on a static host of its own, as a hosted deployment has it (the @core
//   scenarios; support/stack-process.ts);
// - local: `npm start`'s development stack, demo keys and seed (the @smoke scenario).
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startProductionStack, suiteArrangement } from './production-stack.ts'
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
  const log = process.env.E2E_STACK_LOG
    ? (line: string) => process.stdout.write(`[stack] ${line}\n`)
    : undefined
  const stack =
    arrangement === 'production'
      ? await startProductionStack({ log })
      : await startStack({ arrangement, log })
  process.env.E2E_ARRANGEMENT = arrangement
  process.env.CHORUS_APP_URL = stack.appUrl
  process.env.CHORUS_API_URL = stack.apiUrl
  process.env.CHORUS_INBOX_URL = stack.inboxUrl
  // Production: the publishable and secret keys serve generated (there are no demo keys).
  process.env.CHORUS_ANON_KEY = stack.anonKey
  process.env.CHORUS_SERVICE_ROLE_KEY = stack.serviceRoleKey
  process.env.CHORUS_DB_URL = stack.dbUrl
  return async () => {
    await stack.stop()
    if (!given) await rm(dist, { recursive: true, force: true })
  }
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
