// The emoji of a message's text as nodes of their own (tree.ts's 'emoji'), which MessageBody
// shows as the shipped set's images (features/emoji). Part of the parser's lazy chunk: plain.ts
// leaves a body with an emoji to it, so the first screen carries no emoji pattern. An emoji is
// what Unicode shows as one: a character presented as an emoji by default or asked to be by the
// emoji selector (U+FE0F), with its skin tone, joined to others (U+200D), a flag (two regional
// indicators, or a subdivision's tags) or a keycap. Not the `v` flag's \p{RGI_Emoji}: the same
// emoji in a message, but compiling it cost 20-70 ms of the first screen's main thread.
import type { Block, Inline } from './tree.ts'

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

const EMOJI = emojiPattern()

/** A text split into its text and its emoji. */
export function splitEmoji(text: string): Inline[] {
  const out: Inline[] = []
  let from = 0
  for (const match of text.matchAll(EMOJI)) {
    if (match.index > from) out.push({ type: 'text', text: text.slice(from, match.index) })
    out.push({ type: 'emoji', text: match[0] })
    from = match.index + match[0].length
  }
  if (from < text.length) out.push({ type: 'text', text: text.slice(from) })
  return out
}

function inlines(nodes: Inline[]): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    if (node.type === 'text') return splitEmoji(node.text)
    if ('children' in node) return [{ ...node, children: inlines(node.children) }]
    return [node]
  })
}

/** The tree with the emoji of its text (not of code) as nodes of their own. */
export function withEmoji(blocks: Block[]): Block[] {
  return blocks.map((block): Block => {
    switch (block.type) {
      case 'paragraph':
        return { ...block, children: inlines(block.children) }
      case 'quote':
        return { ...block, children: withEmoji(block.children) }
      case 'list':
        return { ...block, items: block.items.map(withEmoji) }
      case 'table':
        return {
          ...block,
          head: block.head.map(inlines),
          rows: block.rows.map((row) => row.map(inlines)),
        }
      default:
        return block
    }
  })
}
