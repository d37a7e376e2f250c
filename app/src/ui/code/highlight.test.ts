import { describe, expect, it } from 'vitest'
import { guessLanguage } from './languages.ts'
import { highlight, languageOfTag } from './highlight.ts'

describe('languageOfTag', () => {
  it('knows highlight.js names and aliases, in any case, and shell for bash', () => {
    expect(languageOfTag('typescript')).toBe('typescript')
    expect(languageOfTag('TS')).toBe('ts')
    expect(languageOfTag('py')).toBe('py')
    expect(languageOfTag('c++')).toBe('c++')
    expect(languageOfTag('yml')).toBe('yml')
    expect(languageOfTag('shell')).toBe('shell')
  })

  it('knows no language for a tag it has no grammar of', () => {
    expect(languageOfTag('klingon')).toBeNull()
    expect(languageOfTag('text')).toBeNull()
    expect(languageOfTag('')).toBeNull()
  })

  it('colours by an alias as by the name', () => {
    const tokens = highlight('const a = 1', languageOfTag('TS')!)
    expect(JSON.stringify(tokens)).toContain('hljs-keyword')
  })
})

describe('guessLanguage for a fence without a tag', () => {
  it('leaves command output, logs and prose plain', () => {
    expect(guessLanguage('ok 3 passed (2.1s)')).toBeNull()
    expect(guessLanguage('2026-12-01 12:00:01 ERROR timeout after 30s')).toBeNull()
    expect(guessLanguage('Let us meet at 10, then ship.')).toBeNull()
  })

  it('recognises code by its telling signs', () => {
    expect(guessLanguage('def greet(name):\n    return name')).toBe('python')
    expect(guessLanguage('SELECT id FROM users')).toBe('sql')
  })
})
