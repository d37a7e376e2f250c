// The sentences for Chorus's error codes (lib/error-codes.ts), fetched once the first screen is
// shown: supabase/errors.json's English, and in another language its sentences from
// src/locales/errors/<language>.json (code -> sentence), a chunk of its own; a code it lacks keeps
// its English sentence.
import { activeLanguage } from './i18n.ts'
import type { Language } from './i18n.ts'
import { keepSentences } from './error-codes.ts'

type Sentences = Record<string, string>

// A glob, not an import per language (the TypeScript project does not list these JSON files):
// each file is still a chunk of its own, fetched when asked for.
const TRANSLATED = import.meta.glob<Sentences>('../locales/errors/*.json', { import: 'default' })

/** Each code's sentence in the language, else in English. */
export function mergeSentences(
  catalogue: Record<string, { message: string }>,
  translated: Partial<Sentences> | null
): Sentences {
  const words: Sentences = {}
  for (const [code, entry] of Object.entries(catalogue)) {
    words[code] = translated?.[code] || entry.message
  }
  return words
}

let loading: Promise<void> | null = null

/** Fetches the sentences (once), in the app's language. A language's file that cannot be fetched
 * leaves the English sentences. */
export function loadErrorSentences(language: Language = activeLanguage()): Promise<void> {
  loading ??= Promise.all([
    import('../../../supabase/errors.json'),
    TRANSLATED[`../locales/errors/${language}.json`]?.().catch(() => null) ?? null,
  ]).then(([{ default: catalogue }, translated]) => {
    keepSentences(mergeSentences(catalogue, translated))
  })
  return loading
}
