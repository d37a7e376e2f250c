// The reverse-proxy scenario (e2e/proxy.spec.ts) runs Debian's Caddy in front of `serve`, as
// docs/own-server.md (Behind Caddy) does. Install it when it is missing and we may (root), else
// explain.
// Debian's package would start a system service; the scenario runs its own Caddy on loopback.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy'

if (!existsSync(CADDY)) {
  if (process.getuid?.() !== 0) {
    console.error(`Caddy is missing at ${CADDY}. Install it: sudo apt-get install -y caddy`)
    process.exit(1)
  }
  console.log('Installing Caddy from Debian packages...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'caddy'], {
    stdio: 'inherit',
    env,
  })
}
