// Finding emoji by what people type: every word of the query must start a word of the emoji's
// English name, id or keywords ("thu up" finds Thumbs Up), or be found in its name or keywords in
// the person's language ("ハート" finds 赤いハート, "herz" finds Herz mit Pfeil: words in German,
// Japanese and Arabic run together). Pure, over emoji-mart's data shape.
import { namesKey } from './names.ts'
import type { EmojiNames } from './names.ts'
import type { PartEmoji } from '../../../slots/emoji.ts'

export interface EmojiEntry {
  id: string
  name: string
  keywords: string[]
  skins: { native: string }[]
}

function wordsOf(e: EmojiEntry): string[] {
  return [e.id, e.name, ...e.keywords]
    .join(' ')
    .toLowerCase()
    .split(/[\s_:-]+/)
    .filter(Boolean)
}

/** Its name and keywords in the person's language, where there are some. */
function localOf(e: EmojiEntry, names: EmojiNames | null): string[] | undefined {
  return names?.[namesKey(e.skins[0]?.native ?? '')]
}

/** Its name in the person's language, else the English one. */
export function emojiName(e: EmojiEntry, names: EmojiNames | null): string {
  return localOf(e, names)?.[0] ?? e.name
}

export function searchEmoji(
  emojis: Iterable<EmojiEntry>,
  query: string,
  limit = 120,
  names: EmojiNames | null = null
): EmojiEntry[] {
  const terms = query
    .toLowerCase()
    .split(/[\s_:-]+/)
    .filter(Boolean)
  if (terms.length === 0) return []
  const found: EmojiEntry[] = []
  for (const e of emojis) {
    const words = wordsOf(e)
    const local = localOf(e, names)?.join(' ').toLowerCase()
    if (terms.every((t) => words.some((w) => w.startsWith(t)) || local?.includes(t))) found.push(e)
    if (found.length >= limit) break
  }
  return found
}

/** The emoji in the chosen skin tone, where it has tones. */
export function withSkin(e: EmojiEntry, skin: number): string {
  return (e.skins[skin] ?? e.skins[0])?.native ?? ''
}

/** The section's emoji one of whose names (or aliases) has each word of the query in it. */
export function searchPartEmoji(list: readonly PartEmoji[], query: string): PartEmoji[] {
  const terms = query
    .toLowerCase()
    .split(/[\s:]+/)
    .filter(Boolean)
  if (terms.length === 0) return []
  return list.filter((e) => terms.every((term) => e.names.some((n) => n.includes(term))))
}
