// A server's sentence that carries a code: "The workspace is gone. (workspace_gone)", or with the
// values its sentence needs, "… (too_many_entries {"count":6,"max":5})" (supabase/functions/
// _shared/archive/codes.ts). The app words a code it knows in its language (the imports' and
// exports' failure-words.ts) and shows the server's English for one it does not, or for a text
// with no code (an older row).

/** A coded text's values: numbers, names, a technical detail. */
export type Values = Readonly<Record<string, string | number>>

export interface CodedText {
  /** The English sentence (the whole text when it has no code). */
  reason: string
  code: string | null
  values: Values
}

const TAIL = /^([\s\S]*) \(([a-z][a-z0-9_]*)(?: (\{[\s\S]*\}))?\)$/

/** The text read back: its sentence, and its code and values when it has them. */
export function parseCoded(text: string): CodedText {
  const match = TAIL.exec(text)
  if (!match) return { reason: text, code: null, values: {} }
  let values: Values = {}
  if (match[3]) {
    try {
      const parsed: unknown = JSON.parse(match[3])
      if (typeof parsed === 'object' && parsed !== null) values = parsed as Values
    } catch {
      return { reason: text, code: null, values: {} }
    }
  }
  return { reason: match[1] ?? text, code: match[2] ?? null, values }
}

/** The text in the app's language when `sentence` knows its code, else as the server said it. */
export function wordCoded(
  text: string,
  sentence: (code: string, values: Values) => string | null
): string {
  const coded = parseCoded(text)
  return (coded.code && sentence(coded.code, coded.values)) ?? coded.reason
}

/** A value as text ('' when missing); a technical `detail` is shown as it is. */
export const textOf = (values: Values, name: string): string => {
  const value = values[name]
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}

/** A value as a number (0 when missing). */
export const numberOf = (values: Values, name: string): number => {
  const value = Number(values[name])
  return Number.isFinite(value) ? value : 0
}
