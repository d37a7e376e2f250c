import { describe, expect, it } from 'vitest'
import { findPending, renderMigrationTable, utcTimestamp, versionTime } from './migration.ts'

describe('migration versions', () => {
  it('names a new migration by its UTC time, as the CLI does', () => {
    expect(utcTimestamp(new Date('2024-03-05T07:08:09.123Z'))).toBe('20240305070809')
  })

  it('shows a timestamp version as a time and any other version as it is', () => {
    expect(versionTime('20240305070809')).toBe('2024-03-05 07:08:09')
    expect(versionTime('42')).toBe('42')
  })

  it('lines up local and applied versions in time order, one side empty when missing', () => {
    const table = renderMigrationTable(
      ['20240101000000', '20240301000000'],
      ['20240101000000', '20240201000000']
    )
    expect(table.split('\n')).toEqual([
      '',
      '  ',
      '   Local          | Remote         | Time (UTC)          ',
      '  ----------------|----------------|---------------------',
      '   20240101000000 | 20240101000000 | 2024-01-01 00:00:00 ',
      '                  | 20240201000000 | 2024-02-01 00:00:00 ',
      '   20240301000000 |                | 2024-03-01 00:00:00 ',
      '',
      '',
    ])
  })

  it('tells pending, out-of-order and locally missing versions apart', () => {
    expect(findPending(['1', '2', '4', '5'], ['1', '3', '4'])).toEqual({
      pending: ['5'],
      outOfOrder: ['2'],
      missingLocal: ['3'],
    })
    expect(findPending(['1'], [])).toEqual({ pending: ['1'], outOfOrder: [], missingLocal: [] })
  })
})
