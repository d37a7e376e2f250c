import { describe, expect, it } from 'vitest'
import { codeSentence } from './error-codes.ts'
import { loadErrorSentences, mergeSentences } from './error-sentences.ts'

describe('the error sentences', () => {
  it("are the language's, and English for a code it lacks", () => {
    const catalogue = { a_code: { message: 'A.' }, b_code: { message: 'B.' } }
    expect(mergeSentences(catalogue, { a_code: 'Ä.' })).toEqual({ a_code: 'Ä.', b_code: 'B.' })
    expect(mergeSentences(catalogue, null)).toEqual({ a_code: 'A.', b_code: 'B.' })
  })

  it("are fetched in the app's language", async () => {
    expect(codeSentence('not_workspace_member')).toBeNull()
    await loadErrorSentences('de')
    expect(codeSentence('not_workspace_member')).toBe('Du bist kein Mitglied dieses Workspace.')
  })
})
