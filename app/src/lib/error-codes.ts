// Chorus's error codes: the SQL raises each refusal with a code in DETAIL (`message_too_long`),
// listed once in supabase/errors.json with its HTTP status and a sentence for people. The app
// switches on codes, never on wording, and shows the sentence for the code (with the code, for
// support). The sentences are fetched once the first screen is shown (lib/error-sentences.ts, a
// chunk of its own with the code that fetches them): until then the server's own sentence stands
// in.
import type Catalogue from '../../../supabase/errors.json'

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

/** Takes the sentences fetched (lib/error-sentences.ts). */
export function keepSentences(words: Partial<Record<string, string>>): void {
  sentences = words
}
