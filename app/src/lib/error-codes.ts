// Chorus's error codes: the SQL raises each refusal with a code in DETAIL (`message_too_long`),
// listed once in supabase/errors.json with its HTTP status and a sentence for people. The app
// switches on codes, never on wording, and shows the sentence for the code (with the code, for
// support). The sentences are a chunk of their own, fetched once the first screen is shown: until
// then the server's own sentence stands in. Another language than English has its sentences in
// src/locales/errors/<language>.json (code -> sentence), a chunk of its own fetched with the
// English ones; a code it lacks keeps its English sentence.
import type Catalogue from '../../../supabase/errors.json'
import { activeLanguage } from './i18n.ts'
import type { Language } from './i18n.ts'

export type ErrorCode = keyof typeof Catalogue

const CODE_SHAPE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/

let sentences: Partial<Record<string, string>> | null = null

/** The Chorus code a refusal carries, read from PostgREST's `details`. */
export function errorCode(error: unknown): string | null {
  const e = error as { details?: unknown } | null
  if (!e || typeof e !== 'object') return null
  if (typeof e.details === 'string' && CODE_SHAPE.test(e.details)) return e.details
  return null
}

/** Whether a refusal carries this code. */
export function hasCode(error: unknown, code: ErrorCode): boolean {
  return errorCode(error) === code
}

/** The sentence for a code, once the catalogue is in. */
export function codeSentence(code: string): string | null {
  return sentences?.[code] ?? null
}

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
    sentences = mergeSentences(catalogue, translated)
  })
  return loading
}
