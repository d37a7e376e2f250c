// As whom the embedded PostgreSQL runs: PostgreSQL refuses root, so as root it runs as the
// unprivileged OS user "postgres" (created when missing), who must reach its binaries and cluster.
import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import { DatabaseStartError, oneLine } from './postgres-start-error.ts'

/** The OS user PostgreSQL runs as: null when this process is not root (it runs as us). */
export interface RunAs {
  uid: number
  gid: number
}

const isRoot = () => process.getuid?.() === 0

/** As root, the "postgres" user (created when missing); otherwise null. */
export async function postgresUser(): Promise<RunAs | null> {
  if (!isRoot()) return null
  const found = lookupUser('postgres')
  if (found) return found
  const run = promisify(execFile)
  try {
    const groupExists = spawnSync('getent', ['group', 'postgres']).status === 0
    await run('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      ...(groupExists ? ['--gid', 'postgres'] : ['--user-group']),
      'postgres',
    ])
  } catch (error) {
    throw new DatabaseStartError(
      `PostgreSQL cannot run as root and there is no "postgres" user; creating it failed ` +
        `(${oneLine((error as Error).message)}). Create it (useradd --system postgres) or run as another user.`
    )
  }
  const created = lookupUser('postgres')
  if (!created) throw new DatabaseStartError('The "postgres" user was created but cannot be found.')
  return created
}

function lookupUser(name: string): RunAs | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' })
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' })
  if (uid.status !== 0 || gid.status !== 0) return null
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}

/** True when `runAs` may traverse into `dir` (every folder above it included). */
export function canReach(runAs: RunAs | null, dir: string): boolean {
  if (!runAs) return true
  return spawnSync('test', ['-x', dir], { ...runAs, cwd: '/' }).status === 0
}
