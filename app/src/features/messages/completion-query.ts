// What the composer's autocomplete (components/Completions.tsx, a lazy chunk) completes: the
// @name or the :emoji being typed at the caret. Only the 80 characters before the caret are
// read, so a keystroke costs the same in 1 MB of text as in a line.

export interface CompletionQuery {
  /** Where the @ or : is. */
  start: number
  /** What follows it, up to the caret. */
  query: string
}

/** The @query being typed at the caret, if any (a query is at most 63 characters with the @ and
 * the one before it). */
export function mentionQueryAt(text: string, caret: number): CompletionQuery | null {
  const upto = text.slice(Math.max(0, caret - 80), caret)
  const match = /(?:^|[\s([{"'>])@([^\s@]{0,30}(?: [^\s@]{0,30})?)$/u.exec(upto)
  if (!match) return null
  const query = match[1]!
  return { start: caret - query.length - 1, query }
}

/**
 * The :query of an emoji being typed at the caret, as Slack reads one: a colon at the start of
 * the text or after a space or an opening bracket or quote, then at least two letters, digits,
 * `_`, `+` or `-` (`:+1`, `:party`; `:)`, `10:30` and `http://` are none). Letters of any
 * script: the emoji are found by their names in the person's language too.
 */
export function emojiQueryAt(text: string, caret: number): CompletionQuery | null {
  const upto = text.slice(Math.max(0, caret - 40), caret)
  const match = /(?:^|[\s([{"'>]):([\p{L}\p{M}\p{N}_+-]{2,30})$/u.exec(upto)
  if (!match) return null
  const query = match[1]!
  return { start: caret - query.length - 1, query }
}
