// The composer's `:` autocomplete (components/EmojiCompletion.tsx): the emoji a `:query` finds,
// the workspace's custom ones and the shipped set together, best first, as Slack lists them: a
// shortcode that is the query, then those that start with it, then those with a word that starts
// with it (`:smil` finds slightly_smiling_face), then those found by their name or keywords in
// English or the person's language; a name in the person's language ranks as a shortcode does
// (`:herz` finds ♥️, Herz, then 💘, Herz mit Pfeil, for a German reader). A custom emoji is found
// by its name or an alias (anywhere in it: `:parrot` finds partyparrot, ranked with the words). Within a rank, the emoji
// this person used last come first, then the custom ones, then the shorter shortcodes. Pure.
import { emojiName, searchEmoji, withSkin } from './search.ts'
import type { EmojiEntry } from './search.ts'
import type { EmojiNames } from './names.ts'
import type { PartEmoji } from '../../../slots/emoji.ts'

export interface Completion {
  key: string
  /** The shortcode shown (":partyparrot:", ":thumbsup:"): the option's name. */
  code: string
  /** What the row's image shows: the character, or the custom emoji's ":name:". */
  emoji: string
  /** What picking it writes: the custom emoji's ":name:", or the character (in the skin tone). */
  insert: string
  /** Shown after it, muted: the alias that found a custom one, or the name in the person's
   * language. */
  hint?: string
}

export interface CompletionData {
  emojis: readonly EmojiEntry[]
  /** The shipped set's other shortcodes ("thumbsup" for "+1"), each to its emoji's id. */
  aliases: Readonly<Record<string, string>>
  custom: readonly PartEmoji[]
  /** The names in the person's language (null in English). */
  local: EmojiNames | null
  /** The emoji used last, newest first (characters, custom ":name:"s). */
  recent: readonly string[]
  skin: number
}

/** 0: the shortcode (or name) is the query; 1: it starts with it; 2: a word of it does; 3: else. */
function rankOf(code: string, query: string): number {
  if (code === query) return 0
  if (code.startsWith(query)) return 1
  if (code.split(/[\s_-]+/).some((word) => word.startsWith(query))) return 2
  return 3
}

export const COMPLETION_LIMIT = 10

export function completeEmoji(
  query: string,
  data: CompletionData,
  limit = COMPLETION_LIMIT
): Completion[] {
  const q = query.toLowerCase()
  if (q.length === 0) return []
  const found: (Completion & { rank: number; custom: boolean })[] = []

  for (const e of data.custom) {
    let best: { name: string; rank: number } | null = null
    for (const name of e.names) {
      const rank = name.includes(q) ? rankOf(name, q) : 4
      if (rank < 4 && (!best || rank < best.rank)) best = { name, rank }
    }
    if (!best) continue
    const alias = best.name !== e.names[0] ? `:${best.name}:` : undefined
    found.push({
      key: e.id,
      code: e.code,
      emoji: e.code,
      insert: e.code,
      hint: alias,
      rank: best.rank,
      custom: true,
    })
  }

  const byId = new Map<string, { code: string; rank: number }>()
  for (const [alias, id] of Object.entries(data.aliases)) {
    const rank = rankOf(alias, q)
    const had = byId.get(id)
    if (rank < 2 && (!had || rank < had.rank)) byId.set(id, { code: alias, rank })
  }
  const words = new Set(searchEmoji(data.emojis, q, Infinity, data.local))
  for (const e of data.emojis) {
    const alias = byId.get(e.id)
    // the name in the person's language ranks as a shortcode does (`:herz` finds Herz first)
    const name = data.local ? emojiName(e, data.local) : undefined
    const own = Math.min(rankOf(e.id, q), name ? rankOf(name.toLowerCase(), q) : 3)
    if (own === 3 && !alias && !words.has(e)) continue
    const byAlias = alias && alias.rank < own
    const native = withSkin(e, data.skin)
    found.push({
      key: e.id,
      code: `:${byAlias ? alias.code : e.id}:`,
      emoji: native,
      insert: native,
      hint: name,
      rank: byAlias ? alias.rank : own,
      custom: false,
    })
  }

  const recentAt = (c: Completion) => {
    const at = data.recent.indexOf(c.insert)
    return at < 0 ? data.recent.length : at
  }
  return found
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        recentAt(a) - recentAt(b) ||
        Number(b.custom) - Number(a.custom) ||
        a.code.length - b.code.length
    )
    .slice(0, limit)
    .map(({ rank: _rank, custom: _custom, ...c }) => c)
}
