// An export's failure in words: each code the server lists
// (supabase/functions/_shared/archive/codes.ts, EXPORT_FAILURE_CODES, read as text) has a
// sentence; an error without a known code reads as the server wrote it.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startI18n } from '../../../lib/i18n.ts'
import { exportFailure, exportFailureCodeSentence } from './failure-words.ts'
import { statusSentence } from './words.ts'
import type { ExportItem } from './words.ts'

const CODES = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../supabase/functions/_shared/archive/codes.ts'),
  'utf8'
)

beforeAll(async () => {
  await startI18n('en')
})

describe('export failure words', () => {
  it('has a sentence for every export failure code the server lists', () => {
    const body = /export const EXPORT_FAILURE_CODES = \[([^\]]*)\] as const/.exec(CODES)?.[1] ?? ''
    const codes = [...body.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1] ?? '')
    expect(codes.length).toBeGreaterThan(3)
    expect(codes.filter((code) => exportFailureCodeSentence(code, {}) === null)).toEqual([])
  })

  it('says a known code with its values; anything else as the server wrote it', () => {
    expect(exportFailure('The workspace is gone. (workspace_gone)')).toBe('The workspace is gone.')
    expect(
      exportFailure(
        'The file w/c/m/a.png could not be read (500). (export_file_unreadable {"path":"w/c/m/a.png","status":500})'
      )
    ).toBe('The file w/c/m/a.png could not be read (500).')
    expect(exportFailure('boom (export_failed {"detail":"connection reset"})')).toBe(
      'The export could not be built: connection reset'
    )
    // the bytes worded as every size is (lib/sizes.ts); an older row's size as it was written
    expect(
      exportFailure(
        'Storage stopped reading the export after 104.9 MB. (export_storage_stalled {"size":"104.9 MB","bytes":104857600})'
      )
    ).toBe('Storage stopped reading the export after 104.9 MB.')
    expect(
      exportFailure('Stopped after 1.0 MiB. (export_storage_stalled {"size":"1.0 MiB"})')
    ).toBe('Storage stopped reading the export after 1.0 MiB.')
    expect(exportFailure('Newer words. (a_newer_code)')).toBe('Newer words.')
    expect(exportFailure('An older export’s error.')).toBe('An older export’s error.')
    const failed = { status: 'failed', error: 'The workspace is gone. (workspace_gone)' }
    expect(statusSentence(failed as ExportItem)).toBe('Failed: The workspace is gone.')
  })
})
