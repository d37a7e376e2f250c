// Where a text's emoji are, for whatever shows them as the shipped set's images: a message's
// text (features/messages/markdown/emoji.ts) and the plain lines of Activity and search hits
// (features/emoji-text.tsx). An emoji is what Unicode shows as one: a character presented as
// an emoji by default or asked to be by the emoji selector (U+FE0F), with its skin tone, joined
// to others (U+200D), a flag (two regional indicators, or a subdivision's tags) or a keycap; or
// a shortcode. Not the `v` flag's \p{RGI_Emoji}: the same emoji in a message, but compiling it
// cost 20-70 ms of the first screen's main thread. The pattern is compiled when first used, so
// that a chunk importing this module pays nothing until it shows a text.

/** A shortcode, `:partyparrot:`: a workspace's custom emoji (features/custom-emoji) when it has
 * one of that name, else the shipped set's (`:smile:`, in a skin tone as Slack writes it:
 * `:wave::skin-tone-3:`), else its text (Emoji shows which). */
const SHORTCODE = ':[a-z0-9_+\\-]{1,30}:(?::skin-tone-[2-6]:)?'

/** One pictograph: in a skin tone (which makes any base an emoji), an emoji by default, or one
 * by its selector. */
const PICTOGRAPH =
  '(?:\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}|\\p{Emoji_Presentation}\\ufe0f?\\p{Emoji_Modifier}?|\\p{Extended_Pictographic}\\ufe0f)'
/** Joined to the one before it, where the selector may be left out. */
const JOINED = '\\u200d\\p{Extended_Pictographic}\\ufe0f?\\p{Emoji_Modifier}?'

function emojiPattern(): RegExp {
  return new RegExp(
    [
      '\\u{1F3F4}[\\u{E0020}-\\u{E007E}]+\\u{E007F}', // a subdivision's flag (England's)
      '\\p{Regional_Indicator}{2}', // a country's flag
      '[#*0-9]\\ufe0f?\\u20e3', // a keycap
      `${PICTOGRAPH}(?:${JOINED})*`,
      SHORTCODE,
    ].join('|'),
    'gu'
  )
}

let compiled: RegExp | null = null

/** One piece of a text: text, or one emoji (a character or a shortcode). */
export type TextOrEmoji = { type: 'text'; text: string } | { type: 'emoji'; text: string }

/** A text split into its text and its emoji. */
export function splitEmoji(text: string): TextOrEmoji[] {
  compiled ??= emojiPattern()
  const out: TextOrEmoji[] = []
  let from = 0
  for (const match of text.matchAll(compiled)) {
    if (match.index > from) out.push({ type: 'text', text: text.slice(from, match.index) })
    out.push({ type: 'emoji', text: match[0] })
    from = match.index + match[0].length
  }
  if (from < text.length) out.push({ type: 'text', text: text.slice(from) })
  return out
}
