// What bench:app's benches (run.ts, size.ts, thread.ts, profile.ts…) share around the browser:
// the app built into app/dist (the stack serves it), headless Chromium launched as they launch
// it, and the bench's person signed in through the app's own sign-in page.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
/** The built app, which the bench's stack serves. */
export const DIST = path.join(ROOT, 'app', 'dist')

/** Builds the app into DIST with vite, as `npm run build` does. */
export function buildApp(): void {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: path.join(ROOT, 'app'), stdio: 'inherit' }
  )
}

/** The options of a bench that measures a build against another (renders.ts, open.ts): the
 * build (`--dist`, built here unless `--built` or another folder), and `--baseline DIR`. */
export const BUILD_OPTIONS = {
  dist: { type: 'string', default: DIST },
  baseline: { type: 'string' },
  built: { type: 'boolean', default: false },
} as const

/** No sandbox, no GPU, no first-run or background traffic of Chromium's own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
]

/** Headless Chromium: CHROMIUM_PATH, or the system's. */
export function launchChromium(args: string[] = CHROMIUM_ARGS): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args })
}

/** Signs the person in on the app's sign-in page and waits for a channel's messages. */
export async function signIn(
  page: Page,
  appUrl: string | null,
  person: { email: string; password: string },
  timeout?: number
): Promise<void> {
  if (appUrl === null) throw new Error('the bench stack serves no app: start it with appDist')
  await page.goto(`${appUrl}/sign-in`)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForSelector('[data-seq]', timeout === undefined ? undefined : { timeout })
}
