// The tests of the system-engine path (a project whose migrations need PostGIS) and of
// DATABASE_URL run on Debian's PostgreSQL 15 with PostGIS and pgTAP. Install them when they are
// missing and we may (root), else say what to install.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const SYSTEM_MAJOR = 15
const PACKAGES = [
  `postgresql-${SYSTEM_MAJOR}`,
  `postgresql-${SYSTEM_MAJOR}-postgis-3`,
  `postgresql-${SYSTEM_MAJOR}-pgtap`,
]
const NEEDED = [
  `/usr/lib/postgresql/${SYSTEM_MAJOR}/bin/postgres`,
  `/usr/lib/postgresql/${SYSTEM_MAJOR}/bin/initdb`,
  `/usr/share/postgresql/${SYSTEM_MAJOR}/extension/postgis.control`,
  `/usr/share/postgresql/${SYSTEM_MAJOR}/extension/pgtap.control`,
]

const missing = NEEDED.filter((file) => !existsSync(file))
if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(
      `PostgreSQL ${SYSTEM_MAJOR} with PostGIS and pgTAP is missing (${missing.join(', ')}); ` +
        `the system-engine and DATABASE_URL tests need it. Install it: ` +
        `sudo apt-get install -y ${PACKAGES.join(' ')}`
    )
    process.exit(1)
  }
  console.log(`Installing ${PACKAGES.join(' ')} from Debian packages...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], {
    stdio: 'inherit',
    env,
  })
  const still = NEEDED.filter((file) => !existsSync(file))
  if (still.length > 0) {
    console.error(`Installed ${PACKAGES.join(' ')}, but ${still.join(', ')} is still missing.`)
    process.exit(1)
  }
}
