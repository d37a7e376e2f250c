// The server's sentences in each language (src/locales/errors/<language>.json): the codes of
// supabase/errors.json, in its order, each with a sentence that keeps the English one's
// {placeholders}.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const english = JSON.parse(readFileSync(path.join(ROOT, 'supabase/errors.json'), 'utf8')) as Record<
  string,
  { message: string }
>

function placeholders(sentence: string): string[] {
  return [...sentence.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort()
}

describe.each(['de', 'ja', 'ar'])('the error sentences in %s', (language) => {
  const file = path.join(ROOT, `app/src/locales/errors/${language}.json`)
  const translated = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>

  it("has exactly errors.json's codes, in the same order", () => {
    expect(Object.keys(translated)).toEqual(Object.keys(english))
  })

  it('has a sentence for every code', () => {
    const empty = Object.entries(translated)
      .filter(([, sentence]) => typeof sentence !== 'string' || !sentence.trim())
      .map(([code]) => code)
    expect(empty).toEqual([])
  })

  it("keeps the English sentence's placeholders", () => {
    const lost = Object.entries(english)
      .filter(([code, { message }]) => {
        const sentence = translated[code]
        return (
          typeof sentence === 'string' &&
          placeholders(sentence).join() !== placeholders(message).join()
        )
      })
      .map(([code]) => code)
    expect(lost).toEqual([])
  })
})
