// The emoji's slot, filled (slots/emoji.ts): the feature folder with an emoji-part.ts (the
// workspace's custom emoji), found at build time by Vite's import.meta.glob and loaded when a
// `:name:` or the emoji picker first needs it, never with the first screen.
import type { EmojiPart } from '../slots/emoji.ts'

const [load] = Object.values(
  import.meta.glob<EmojiPart>('./*/emoji-part.ts', { import: 'default' })
)

/** The part (null when no feature has one). */
export const loadEmojiPart = (): Promise<EmojiPart | null> =>
  load ? load() : Promise.resolve(null)
