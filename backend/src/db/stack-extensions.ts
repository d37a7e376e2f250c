// pg_cron and pg_net as the stack provides them: the embedded PostgreSQL has neither, so the
// stack installs its own control and SQL files (stack-extensions/) into the extension folder of
// the server it talks to, and `create extension pg_cron` / `pg_net` in a migration works
// unchanged; the stack itself runs the jobs (cron/) and performs the requests (net/). A server
// that has the real extension installed keeps it (the stack never overwrites another's files).
import { existsSync } from 'node:fs'
import { readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Sql } from 'postgres'
import type { Logger } from '../logger.ts'
import { quoteIdentifier } from '../sql-identifier.ts'
import { DatabaseStartError } from './postgres-home.ts'

const FILES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stack-extensions')

/** The extensions whose SQL interface the stack provides itself. */
export const STACK_EXTENSIONS: ReadonlySet<string> = new Set(['pg_cron', 'pg_net'])

/** The first line of the stack's own control files: how it tells them from a real install. */
const MARKER = '# '

async function isOurs(controlFile: string): Promise<boolean> {
  const text = await readFile(controlFile, 'utf8')
  return text.startsWith(MARKER) && text.includes('Chorus local stack')
}

/**
 * Installs the stack's pg_cron and pg_net files into the extension folder of the server behind
 * `sql` (a superuser connection) when that folder is on this machine and holds no real one.
 * Returns the extensions installed or already there as the stack's own.
 */
export async function installStackExtensions(sql: Sql, log: Logger): Promise<string[]> {
  let sharedir: string | undefined
  try {
    const [row] = await sql<{ setting: string }[]>`
      select setting from pg_config where name = 'SHAREDIR'
    `
    sharedir = row?.setting
  } catch (error) {
    log.debug(`cannot read the server's SHAREDIR: ${(error as Error).message}`)
  }
  if (!sharedir) return []
  const extensionDir = path.join(sharedir, 'extension')
  if (!existsSync(extensionDir)) {
    log.debug(`${extensionDir} is not on this machine: pg_cron and pg_net are the server's own`)
    return []
  }
  const files = await readdir(FILES_DIR)
  const provided: string[] = []
  for (const name of STACK_EXTENSIONS) {
    const control = path.join(extensionDir, `${name}.control`)
    if (existsSync(control) && !(await isOurs(control))) {
      log.debug(`${control} is a real ${name}: the stack does not replace it`)
      continue
    }
    try {
      for (const file of files.filter(
        (f) => f === `${name}.control` || f.startsWith(`${name}--`)
      )) {
        await installFile(path.join(FILES_DIR, file), path.join(extensionDir, file))
      }
      provided.push(name)
    } catch (error) {
      log.warn(
        `Could not install the stack's ${name} into ${extensionDir} ` +
          `(${(error as Error).message}); migrations that create it will fail.`
      )
    }
  }
  return provided
}

/** Writes `target` when it differs from `source`, atomically (stacks may start side by side). */
async function installFile(source: string, target: string): Promise<void> {
  const text = await readFile(source, 'utf8')
  if (existsSync(target) && (await readFile(target, 'utf8')) === text) return
  const temporary = `${target}.tmp-${process.pid}-${Math.random().toString(16).slice(2)}`
  await writeFile(temporary, text, { mode: 0o644 })
  await rename(temporary, target)
}

/**
 * Brings extensions this database has at an older version than their files' default_version up
 * to it (ALTER EXTENSION … UPDATE, through upgrade scripts such as pg_cron--1.6--1.7.sql): the
 * stack's own pg_cron and pg_net after the stack changed them. A released version's SQL file
 * never changes (db/platform.sum records them); a change is a new version with its upgrade
 * script. Returns "name old -> new" for each one updated.
 */
export async function updateExtensions(sql: Sql, names: string[], log: Logger): Promise<string[]> {
  if (names.length === 0) return []
  const behind = await sql<{ name: string; installed: string; available: string }[]>`
    select e.extname as name, e.extversion as installed, a.default_version as available
    from pg_extension e join pg_available_extensions a on a.name = e.extname
    where e.extname in ${sql(names)} and e.extversion is distinct from a.default_version
    order by e.extname`
  const updated: string[] = []
  for (const { name, installed, available } of behind) {
    log.info(`Updating extension ${name} from ${installed} to ${available}...`)
    try {
      await sql.unsafe(`alter extension ${quoteIdentifier(name)} update`)
    } catch (error) {
      throw new DatabaseStartError(
        `Extension ${name} is at version ${installed} in this database and the stack provides ` +
          `${available}, but the update failed: ${(error as Error).message}. Nothing was changed.`
      )
    }
    updated.push(`${name} ${installed} -> ${available}`)
  }
  return updated
}
