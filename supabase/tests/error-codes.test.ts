// Chorus's error codes (issue 51, item 2): every refusal the SQL raises carries a code in DETAIL
// that supabase/errors.json lists with its SQLSTATE, HTTP status and sentence; a code raised but
// not listed, listed but never raised, or switched on by a function but unknown fails here.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import catalogue from '../errors.json'
import { CODE_SHAPE, raisedErrors, raiseStatements } from './support/raised-errors.ts'
import type { RaisedError } from './support/raised-errors.ts'
import { migrationsDatabase } from './support/migrations-database.ts'
import type { MigrationsDatabase } from './support/migrations-database.ts'

interface Entry {
  status: number
  sqlstate: string
  message: string
}
const entries: Record<string, Entry> = catalogue
const root = path.resolve(import.meta.dirname, '../..')

let db: MigrationsDatabase
let raised: RaisedError[]

beforeAll(async () => {
  db = await migrationsDatabase('error_codes')
  raised = await raisedErrors(db.sql)
})

afterAll(async () => {
  await db?.drop()
})

/** The HTTP status PostgREST answers a SQLSTATE with (its error table), for the ones we raise. */
function postgrestStatus(sqlstate: string): number | null {
  if (/^PT\d{3}$/.test(sqlstate)) return Number(sqlstate.slice(2))
  const table: Record<string, number> = {
    '22023': 400,
    '22P02': 400,
    '23514': 400,
    P0001: 400,
    '42501': 403,
    '23505': 409,
  }
  return table[sqlstate] ?? null
}

describe('the error catalogue (supabase/errors.json)', () => {
  it('lists every code the SQL raises, with the SQLSTATE it is raised with', () => {
    expect(raised.length).toBeGreaterThan(200)
    const unlisted = raised
      .filter((r) => !r.detail || !CODE_SHAPE.test(r.detail) || !entries[r.detail])
      .map((r) => `${r.fn}: ${r.statement.slice(0, 140)}`)
    expect(unlisted, 'a RAISE without a listed code (DETAIL)').toEqual([])
    const mismatched = raised
      .filter((r) => r.detail && entries[r.detail] && entries[r.detail]!.sqlstate !== r.errcode)
      .map((r) => `${r.fn}: ${r.detail} raised as ${r.errcode}`)
    expect(mismatched).toEqual([])
  })

  it('raises every code it lists', () => {
    const used = new Set(raised.map((r) => r.detail))
    expect(Object.keys(entries).filter((code) => !used.has(code))).toEqual([])
  })

  it("gives each code PostgREST's status for its SQLSTATE and a sentence", () => {
    const codes = Object.keys(entries)
    expect(codes).toEqual([...codes].sort())
    for (const [code, entry] of Object.entries(entries)) {
      expect(code, code).toMatch(CODE_SHAPE)
      expect(entry.status, code).toBe(postgrestStatus(entry.sqlstate))
      expect(entry.message, code).toMatch(/^[A-Z@].*[.?]$/)
    }
  })

  it('knows every code the Edge Functions and the app switch on', async () => {
    const switched = new Map<string, string>()
    for (const dir of ['supabase/functions', 'app/src']) {
      for (const file of await sources(path.join(root, dir))) {
        const text = await readFile(file, 'utf8')
        for (const m of text.matchAll(/hasCode\([^,()]+(?:\([^()]*\))?,\s*'([a-z0-9_]+)'\)/g)) {
          switched.set(m[1]!, path.relative(root, file))
        }
      }
    }
    expect(switched.size).toBeGreaterThan(0)
    expect([...switched].filter(([code]) => !entries[code])).toEqual([])
  })
})

describe('reading RAISE statements', () => {
  it('ends a statement at its semicolon, not at one in a string or a comment', () => {
    const src = `
      -- raise notice 'not this';
      if x then
        raise exception using errcode = '22023',
          message = 'Archived; no more.', detail = 'channel_archived'; /* raise exception 'no'; */
      end if;
      raise warning 'logged';`
    expect(raiseStatements(src)).toEqual([
      "raise exception using errcode = '22023', message = 'Archived; no more.', detail = 'channel_archived';",
      "raise warning 'logged';",
    ])
  })
})

async function sources(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      found.push(path.join(entry.parentPath, entry.name))
    }
  }
  return found
}
