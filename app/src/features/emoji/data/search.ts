// Finding emoji by what people type: every word of the query must start a word of the emoji's
// name, id or keywords ("thu up" finds Thumbs Up). Pure, over emoji-mart's data shape.
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

export function searchEmoji(
  emojis: Iterable<EmojiEntry>,
  query: string,
  limit = 120
): EmojiEntry[] {
  const terms = query
    .toLowerCase()
    .split(/[\s_:-]+/)
    .filter(Boolean)
  if (terms.length === 0) return []
  const found: EmojiEntry[] = []
  for (const e of emojis) {
    const words = wordsOf(e)
    if (terms.every((t) => words.some((w) => w.startsWith(t)))) found.push(e)
    if (found.length >= limit) break
  }
  return found
}

/** The emoji in the chosen skin tone, where it has tones. */
export function withSkin(e: EmojiEntry, skin: number): string {
  return (e.skins[skin] ?? e.skins[0])?.native ?? ''
}
