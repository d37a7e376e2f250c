// Committed migrations are history, as `supabase db push` requires (scripts/migration-history.ts):
// supabase/migrations/ must match the checksums in supabase/migrations.sum, and every migration
// file must be recorded there. The checker itself is tested on a folder of its own.
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  checkHistory,
  MIGRATIONS_DIR,
  parseSum,
  RECORD_COMMAND,
  recordNew,
  sha256,
  SUM_FILE,
} from '../scripts/migration-history.ts'

describe('supabase/migrations against supabase/migrations.sum', () => {
  it('keeps every recorded migration byte for byte', async () => {
    const { changed, removed } = await checkHistory(MIGRATIONS_DIR, SUM_FILE)
    expect(
      changed,
      'These committed migrations changed. A committed migration is history (`supabase db push` ' +
        'never applies a version twice): restore it and put the change in a new migration file. ' +
        'Only a migration that is not committed yet may be changed: then delete its line in ' +
        `supabase/migrations.sum and run \`${RECORD_COMMAND}\` again.`
    ).toEqual([])
    expect(
      removed,
      'These recorded migrations are missing: restore them (undo a migration with a new one).'
    ).toEqual([])
  })

  it('has every migration file recorded', async () => {
    const { unrecorded } = await checkHistory(MIGRATIONS_DIR, SUM_FILE)
    expect(
      unrecorded,
      `These migrations are not recorded in supabase/migrations.sum: once a new migration is ` +
        `final, run \`${RECORD_COMMAND}\` and commit migrations.sum with it.`
    ).toEqual([])
  })
})

describe('the migration history checker', () => {
  let dir: string
  let sum: string
  const first = '20260101000000_first.sql'
  const second = '20260102000000_second.sql'

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'chorus-migrations-'))
    sum = path.join(dir, 'migrations.sum')
    await writeFile(path.join(dir, first), 'create table a (id int);\n')
    await writeFile(path.join(dir, 'README.md'), 'not a migration\n')
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('records new files in the format of sha256sum, and then finds nothing wrong', async () => {
    expect(await checkHistory(dir, sum)).toEqual({ changed: [], removed: [], unrecorded: [first] })
    expect(await recordNew(dir, sum)).toEqual([first])
    expect(await readFile(sum, 'utf8')).toBe(`${sha256('create table a (id int);\n')}  ${first}\n`)
    expect(await checkHistory(dir, sum)).toEqual({ changed: [], removed: [], unrecorded: [] })
    expect(await recordNew(dir, sum)).toEqual([])
  })

  it('reports a recorded migration whose content changed, and recording again keeps its line', async () => {
    await recordNew(dir, sum)
    const recorded = await readFile(sum, 'utf8')
    await writeFile(path.join(dir, first), 'create table a (id bigint);\n')
    expect(await checkHistory(dir, sum)).toEqual({ changed: [first], removed: [], unrecorded: [] })
    expect(await recordNew(dir, sum)).toEqual([])
    expect(await readFile(sum, 'utf8')).toBe(recorded)
  })

  it('reports a recorded migration that was removed', async () => {
    await recordNew(dir, sum)
    await unlink(path.join(dir, first))
    expect(await checkHistory(dir, sum)).toEqual({ changed: [], removed: [first], unrecorded: [] })
  })

  it('appends only the new file, leaving the recorded lines as they are', async () => {
    await writeFile(sum, (await readRecordedLine(first)).trimEnd()) // no final newline
    await writeFile(path.join(dir, second), 'create table b (id int);\n')
    expect(await checkHistory(dir, sum)).toEqual({ changed: [], removed: [], unrecorded: [second] })
    expect(await recordNew(dir, sum)).toEqual([second])
    expect(parseSum(await readFile(sum, 'utf8')).map((r) => r.name)).toEqual([first, second])
    expect(await checkHistory(dir, sum)).toEqual({ changed: [], removed: [], unrecorded: [] })
  })

  it('refuses a malformed or repeated line in the record', () => {
    const line = `${sha256('x')}  ${first}`
    expect(() => parseSum(`${sha256('x')} ${first}\n`)).toThrow(/line 1 is not/)
    expect(() => parseSum(`${line}\n${line}\n`)).toThrow(/twice/)
    expect(parseSum(`${line}\n\n`)).toEqual([{ name: first, sha256: sha256('x') }])
  })

  async function readRecordedLine(name: string): Promise<string> {
    return `${sha256(await readFile(path.join(dir, name)))}  ${name}\n`
  }
})
