// The report's items and an import's failure in words: each code the server lists
// (supabase/functions/_shared/archive/codes.ts, read as text: the app imports no Deno code) has a
// sentence; known codes read in the app's language with their values, anything else as the server's
// English reason.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startI18n } from '../../../lib/i18n.ts'
import { importFailure, importFailureCodeSentence, parseFailure } from './failure-words.ts'
import { reportCodeSentence } from './report-words.ts'
import { importSentence, reportItems, reportSentence } from './words.ts'

const CODES = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../supabase/functions/_shared/archive/codes.ts'),
  'utf8'
)

/** The codes of one of codes.ts's lists. */
function serverCodes(source: string, list: string): string[] {
  const body = new RegExp(`export const ${list} = \\[([^\\]]*)\\] as const`).exec(source)?.[1]
  if (!body) throw new Error(`codes.ts has no ${list}`)
  return [...body.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1] ?? '')
}

const values = { max: 5, count: 6, field: 'ts', name: 'a.txt', index: 0, status: 404, detail: 'x' }

beforeAll(async () => {
  await startI18n('en')
})

describe('report words', () => {
  it('has a sentence for every code the server lists', () => {
    const report = serverCodes(CODES, 'REPORT_CODES')
    const failures = serverCodes(CODES, 'IMPORT_FAILURE_CODES')
    expect(report.length).toBeGreaterThan(40)
    expect(failures.length).toBeGreaterThan(5)
    expect(report.filter((code) => reportCodeSentence(code, values) === null)).toEqual([])
    expect(failures.filter((code) => importFailureCodeSentence(code, values) === null)).toEqual([])
  })

  it('says a known code with its values, and an unknown code or none as the server’s reason', () => {
    const [long, empty, file, unknown, old] = reportItems([
      { file: 'a/1.json', index: 2, code: 'message_too_long', values: { max: 4000 }, reason: 'R1' },
      { file: 'a/1.json', index: 3, code: 'message_empty', reason: 'R2' },
      {
        file: 'a/1.json',
        index: 4,
        code: 'attachment_link_status',
        values: { name: 'gone.txt', status: 404 },
        reason: 'R3',
      },
      { file: 'a/1.json', code: 'from_a_newer_server', values: { n: 1 }, reason: 'Newer.' },
      { file: 'a/1.json', index: 1, reason: 'An older report’s item.' },
    ])
    expect(reportSentence(long!)).toMatch(
      /^The message is longer than 4,?000 characters; it was cut\.$/
    )
    expect(reportSentence(empty!)).toBe('The message is empty.')
    expect(reportSentence(file!)).toBe(
      'The file "gone.txt" could not be imported: the link answered 404.'
    )
    expect(reportSentence(unknown!)).toBe('Newer.')
    expect(reportSentence(old!)).toBe('An older report’s item.')
    expect(old).toMatchObject({ code: null, values: {} })
  })

  it('reads a failure’s code and values from the row’s error, and an error without one as it is', () => {
    const many = 'The archive has 6 entries; the limit is 5. (too_many_entries {"count":6,"max":5})'
    expect(parseFailure(many)).toEqual({
      reason: 'The archive has 6 entries; the limit is 5.',
      code: 'too_many_entries',
      values: { count: 6, max: 5 },
    })
    expect(importFailure(many)).toBe('The archive has 6 entries; the limit is 5.')
    expect(importFailure('The file is not a zip archive. (not_zip)')).toBe(
      'The file is not a zip archive.'
    )
    expect(importFailure('Something new. (a_newer_code {"x":1})')).toBe('Something new.')
    expect(importFailure('An older error (method 9).')).toBe('An older error (method 9).')
    expect(importFailure('Broken (not_zip {oops})')).toBe('Broken (not_zip {oops})')
    expect(
      importSentence({
        status: 'failed',
        error:
          'The archive has no users.json at its top level: it is not a Slack export. (not_slack_export)',
      } as never)
    ).toBe(
      'The import failed: The archive has no users.json at its top level: it is not a Slack export. Nothing of it was kept.'
    )
  })
})
