// The browser tests drive Debian's Chromium through playwright-core (Playwright's own browser
// download does not work here). Install it when it is missing and we may (root), else explain.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it: sudo apt-get install -y chromium`
    )
    process.exit(1)
  }
  console.log('Installing Chromium from Debian packages...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
}
