// The import's reader against hostile archives (functions/_shared/archive): unsafe names, too
// many entries or bytes, Zip64, zip bombs, each refusal and each skipped item with its code and
// values (codes.ts) beside its English reason; and how a failure's code goes in a row's `error`.
// Pure: no stack.
import { describe, expect, it } from 'vitest'
import {
  CodedError,
  failureOf,
  failureText,
  IMPORT_FAILURE_CODES,
  REPORT_CODES,
} from '../functions/_shared/archive/codes.ts'
import { ArchiveRefusal, openArchive } from '../functions/_shared/archive/read.ts'
import { LIMITS, readIndex, ZipRefusal } from '../functions/_shared/archive/zip.ts'
import { bytesSource, openZipSource } from '../functions/_shared/archive/zip-source.ts'
import { bombZip, lyingZip, zipOf } from './support/slack-export.ts'
import { asZip64 } from './support/zip64.ts'

/** What `run` threw. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

describe('hostile archives', () => {
  it('refuses what is not a zip, or has no users.json', async () => {
    await expect(
      openArchive(new TextEncoder().encode('just text, not a zip at all'))
    ).rejects.toMatchObject({ code: 'not_zip', message: 'The file is not a zip archive.' })
    await expect(openArchive(new Uint8Array(0))).rejects.toThrow(ArchiveRefusal)
    await expect(openArchive(new Uint8Array(0))).rejects.toMatchObject({ code: 'not_zip' })
    await expect(openArchive(zipOf({ 'readme.txt': 'hello' }))).rejects.toMatchObject({
      code: 'not_slack_export',
      message: 'The archive has no users.json at its top level: it is not a Slack export.',
    })
  })

  it('skips unsafe names and reports them', () => {
    const zip = zipOf({
      'users.json': [],
      '../escape.json': [],
      '/etc/passwd': 'x',
      'a/../../b.json': [],
      'win\\path.json': [],
      [`${'n'.repeat(256)}.json`]: [],
      'C:/x.json': [],
      'fine/2024-01-01.json': [],
    })
    const index = readIndex(zip)
    expect([...index.entries.keys()].sort()).toEqual(['fine/2024-01-01.json', 'users.json'])
    expect(index.report.map((r) => r.reason)).toEqual([
      'The name leaves the archive (..).',
      'The name is an absolute path.',
      'The name leaves the archive (..).',
      'The name contains a backslash.',
      'The name is longer than 255 bytes.',
      'The name is an absolute path.',
    ])
    expect(index.report.map((r) => [r.code, r.values])).toEqual([
      ['name_leaves_archive', undefined],
      ['name_absolute', undefined],
      ['name_leaves_archive', undefined],
      ['name_backslash', undefined],
      ['name_too_long', { max: 255 }],
      ['name_absolute', undefined],
    ])
  })

  it('refuses too many entries and too many bytes from the directory, before inflating', () => {
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.json`, []]))
    expect(thrown(() => readIndex(zipOf(many), { ...LIMITS, entries: 5 }))).toMatchObject({
      code: 'too_many_entries',
      values: { count: 6, max: 5 },
      message: 'The archive has 6 entries; the limit is 5.',
    })
    const big = zipOf({ 'a.json': 'x'.repeat(600), 'b.json': 'y'.repeat(600) })
    expect(thrown(() => readIndex(big, { ...LIMITS, totalBytes: 1000 }))).toMatchObject({
      code: 'archive_too_big',
      values: { max: 1000 },
      message: 'The archive unpacks to more than 1000 bytes.',
    })
    const index = readIndex(big, { ...LIMITS, entryBytes: 500 })
    const over = {
      code: 'file_too_big',
      values: { max: 500 },
      reason: 'The file is over 500 bytes.',
    }
    expect(index.report).toEqual([
      { file: 'a.json', ...over },
      { file: 'b.json', ...over },
    ])
  })

  it('reads a Zip64 archive (as big exports are): its end record and each entry’s 64-bit fields', async () => {
    const zip = asZip64(zipOf({ 'users.json': [{ id: 'U1' }], 'general/2024-01-02.json': [] }))
    const opened = await openZipSource(bytesSource(zip))
    expect(opened.names().sort()).toEqual(['general/2024-01-02.json', 'users.json'])
    expect(new TextDecoder().decode((await opened.read('users.json', 1024))!)).toBe('[{"id":"U1"}]')
    expect(opened.index.report).toEqual([])
    // A Zip64 end record whose locator is missing is a damaged archive, not a crash.
    const broken = zip.slice()
    broken.set([0, 0, 0, 0], broken.length - 22 - 20)
    expect(thrown(() => readIndex(broken))).toMatchObject({
      code: 'zip_damaged',
      message: 'The zip archive is damaged.',
    })
    expect(thrown(() => readIndex(broken))).toBeInstanceOf(ZipRefusal)
  })

  it('refuses a zip bomb by its ratio, and a lying header while inflating', async () => {
    const bomb = readIndex(bombZip(8))
    expect(bomb.report).toEqual([
      {
        file: 'bomb.json',
        code: 'zip_bomb',
        values: { ratio: 1000 },
        reason: 'The file is compressed beyond 1000:1 (a zip bomb).',
      },
    ])
    // The directory says 100 bytes; the data inflates to 5 MB: stopped at the 101st byte.
    const zip = await openZipSource(bytesSource(lyingZip('liar.json', 5 * 1024 ** 2, 100)))
    expect(await zip.read('liar.json', 1024 ** 2)).toBeNull()
    expect(zip.index.report).toEqual([
      {
        file: 'liar.json',
        code: 'file_inflates_beyond_header',
        reason: 'The file inflates to more than its header says (a zip bomb).',
      },
    ])
    // A directory that says more than the data holds is damaged, not trusted.
    const short = await openZipSource(bytesSource(lyingZip('short.json', 50, 80)))
    expect(await short.read('short.json', 1024 ** 2)).toBeNull()
    expect(short.index.report).toEqual([
      { file: 'short.json', code: 'file_damaged', reason: 'The file is damaged.' },
    ])
  })
})

describe('codes', () => {
  it('puts a failure’s code and values after its English sentence, within 500 characters', () => {
    expect(failureText('not_zip', {}, 'The file is not a zip archive.')).toBe(
      'The file is not a zip archive. (not_zip)'
    )
    expect(
      failureText(
        'too_many_entries',
        { count: 6, max: 5 },
        'The archive has 6 entries; the limit is 5.'
      )
    ).toBe('The archive has 6 entries; the limit is 5. (too_many_entries {"count":6,"max":5})')
    const long = failureOf(new Error('x'.repeat(900)), 'export_failed')
    expect(long.length).toBeLessThanOrEqual(500)
    expect(long).toMatch(/^x+ \(export_failed \{"detail":"x{120}"\}\)$/)
    const coded = new CodedError('workspace_gone', {}, 'The workspace is gone.')
    expect(failureOf(coded, 'export_failed')).toBe('The workspace is gone. (workspace_gone)')
  })

  it('lists each code once', () => {
    for (const list of [REPORT_CODES, IMPORT_FAILURE_CODES]) {
      expect(new Set<string>(list).size).toBe(list.length)
      for (const code of list) expect(code).toMatch(/^[a-z][a-z0-9_]*$/)
    }
  })
})
