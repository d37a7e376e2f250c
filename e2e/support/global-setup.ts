// Builds the app, starts the stack serving it, and hands the URLs and keys to the tests through
// the environment (Playwright passes it on to its workers). The returned function stops it.
// E2E_ARRANGEMENT=hosted runs the app as a hosted deployment has it (support/stack-process.ts).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { ROOT, startStack } from './stack-process.ts'

export default async function globalSetup(): Promise<() => Promise<void>> {
  // `npm run test -w e2e` builds once: its hosted-like run (E2E_APP_BUILT=1) serves that build.
  if (process.env.E2E_APP_BUILT !== '1') buildApp()
  const arrangement = process.env.E2E_ARRANGEMENT === 'hosted' ? 'hosted' : 'local'
  const stack = await startStack({
    arrangement,
    log: process.env.E2E_STACK_LOG
      ? (line) => process.stdout.write(`[stack] ${line}\n`)
      : undefined,
  })
  process.env.CHORUS_APP_URL = stack.appUrl
  process.env.CHORUS_API_URL = stack.apiUrl
  process.env.CHORUS_INBOX_URL = stack.inboxUrl
  process.env.CHORUS_ANON_KEY = stack.anonKey
  process.env.CHORUS_SERVICE_ROLE_KEY = stack.serviceRoleKey
  process.env.CHORUS_DB_URL = stack.dbUrl
  return () => stack.stop()
}

function buildApp(): void {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(ROOT, 'app'),
      stdio: 'inherit',
    }
  )
}
