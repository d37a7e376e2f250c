// Committed migrations are history: `supabase db push` applies each version once and never looks
// at it again, so an edit of a committed file reaches no database that already has it. Their
// sha256 checksums are recorded in supabase/migrations.sum (the format of `sha256sum`, so
// `cd supabase/migrations && sha256sum -c ../migrations.sum` checks them too); the test
// tests/migrations-history.test.ts holds the folder to the record, and `npm run -w supabase
// migrations:record` appends the files not recorded yet, never touching a recorded line.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { appendFile, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

const SUPABASE_DIR = path.resolve(import.meta.dirname, '..')
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations')
export const SUM_FILE = path.join(SUPABASE_DIR, 'migrations.sum')
export const RECORD_COMMAND = 'npm run -w supabase migrations:record'

// The files the CLI (and the local stack) apply: <timestamp>_<name>.sql.
const MIGRATION_NAME = /^[0-9]+_.*\.sql$/
const SUM_LINE = /^([0-9a-f]{64}) {2}(\S+)$/

export interface Recorded {
  name: string
  sha256: string
}

/** What differs between the migrations folder and the record. */
export interface HistoryProblems {
  /** Recorded files whose content is no longer what was recorded. */
  changed: string[]
  /** Recorded files that are gone. */
  removed: string[]
  /** Migration files with no record yet. */
  unrecorded: string[]
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The lines of a record; a malformed or repeated line throws (the record is hand-checked). */
export function parseSum(text: string): Recorded[] {
  const records: Recorded[] = []
  const seen = new Set<string>()
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    const match = SUM_LINE.exec(line)
    if (!match?.[1] || !match[2])
      throw new Error(`migrations.sum line ${index + 1} is not "<sha256>  <file name>": ${line}`)
    if (seen.has(match[2])) throw new Error(`migrations.sum records ${match[2]} twice`)
    seen.add(match[2])
    records.push({ sha256: match[1], name: match[2] })
  }
  return records
}

export function formatSum(records: Recorded[]): string {
  return records.map((r) => `${r.sha256}  ${r.name}\n`).join('')
}

/** The migration file names of a folder, in the order they are applied. */
export async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => MIGRATION_NAME.test(f)).sort()
}

async function readRecord(sumFile: string): Promise<Recorded[]> {
  return existsSync(sumFile) ? parseSum(await readFile(sumFile, 'utf8')) : []
}

export async function checkHistory(dir: string, sumFile: string): Promise<HistoryProblems> {
  const files = new Set(await migrationFiles(dir))
  const records = await readRecord(sumFile)
  const problems: HistoryProblems = { changed: [], removed: [], unrecorded: [] }
  for (const record of records) {
    if (!files.has(record.name)) problems.removed.push(record.name)
    else if (sha256(await readFile(path.join(dir, record.name))) !== record.sha256)
      problems.changed.push(record.name)
  }
  const recorded = new Set(records.map((r) => r.name))
  problems.unrecorded = [...files].filter((f) => !recorded.has(f))
  return problems
}

/** Appends the checksums of the files not recorded yet; returns their names. */
export async function recordNew(dir: string, sumFile: string): Promise<string[]> {
  const recorded = new Set((await readRecord(sumFile)).map((r) => r.name))
  const added: Recorded[] = []
  for (const name of await migrationFiles(dir)) {
    if (recorded.has(name)) continue
    added.push({ name, sha256: sha256(await readFile(path.join(dir, name))) })
  }
  if (added.length === 0) return []
  const before = existsSync(sumFile) ? await readFile(sumFile, 'utf8') : ''
  const separator = before === '' || before.endsWith('\n') ? '' : '\n'
  await appendFile(sumFile, separator + formatSum(added))
  return added.map((r) => r.name)
}
