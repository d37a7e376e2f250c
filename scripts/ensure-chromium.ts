// The browser tests drive Debian's Chromium through playwright-core (Playwright's own browser
// download does not work here): its headless shell for the suite (Playwright's own default for
// headless runs: the same engine without the browser's windows, 13-15% less CPU), the whole
// browser where a spec needs what only it has (push notifications). Install what is missing
// when we may (root), else explain.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'

const missing = [
  ...(existsSync(CHROMIUM) ? [] : ['chromium']),
  ...(existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
]

if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing (${missing.join(', ')}). Install it: sudo apt-get install -y ${missing.join(' ')}`
    )
    process.exit(1)
  }
  console.log(`Installing ${missing.join(' and ')} from Debian packages...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env })
}
