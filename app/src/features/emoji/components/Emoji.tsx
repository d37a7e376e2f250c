import { EMOJI_DIR, emojiFile } from '../data/image.ts'

/** An emoji as the shipped set's image (data/image.ts), loaded when first shown; the character
 * is its alt text, so it is what a screen reader reads and what a failed load shows. */
export function Emoji({ emoji }: { emoji: string }) {
  return <img className="emoji" src={EMOJI_DIR + emojiFile(emoji)} alt={emoji} loading="lazy" />
}
