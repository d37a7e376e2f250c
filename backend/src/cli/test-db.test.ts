import { describe, expect, it } from 'vitest'
import { summarizeTap } from './test-db.ts'

describe('summarizeTap', () => {
  it('passes a file whose plan is met with no failure', () => {
    expect(summarizeTap(['1..2', 'ok 1 - a', 'ok 2 - b'])).toEqual({
      planned: 2,
      run: 2,
      failed: [],
      diagnostics: [],
      passed: true,
    })
  })

  it('fails a not ok, keeping it and the diagnostics to show', () => {
    const summary = summarizeTap(['1..2', 'ok 1 - a', 'not ok 2 - b', '# Failed test 2: "b"'])
    expect(summary.passed).toBe(false)
    expect(summary.failed).toEqual([2])
    expect(summary.diagnostics).toEqual(['not ok 2 - b', '# Failed test 2: "b"'])
  })

  it('counts a TODO failure as no failure', () => {
    expect(summarizeTap(['1..1', 'not ok 1 - later # TODO not yet']).passed).toBe(true)
  })

  it('fails a missing plan or a plan not met', () => {
    expect(summarizeTap(['ok 1 - a']).passed).toBe(false)
    expect(summarizeTap(['1..3', 'ok 1 - a', 'ok 2 - b'])).toMatchObject({
      planned: 3,
      run: 2,
      passed: false,
    })
  })
})
