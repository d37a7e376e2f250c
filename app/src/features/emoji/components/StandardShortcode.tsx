// A `:name:` that is no custom emoji (Shortcode.tsx): the shipped set's emoji of that shortcode
// or one of Slack's aliases (`:thumbsup:` is 👍), in the skin tone Slack writes after it
// (`:wave::skin-tone-3:`), shown as Emoji.tsx shows a character, the shortcode its tooltip; the text when
// the set has none. A lazy chunk with the emoji data (as the `:` autocomplete's).
import data from '@emoji-mart/data'
import type { EmojiMartData } from '@emoji-mart/data'
import { EMOJI_DIR, emojiFile } from '../data/image.ts'

const DATA = data as EmojiMartData

/** The character of a shortcode (`:smile:`, `:+1::skin-tone-2:`), null when the set has none. */
export function standardEmoji(code: string): string | null {
  const [, name, tone] = /^:([^:]+):(?::skin-tone-([2-6]):)?$/.exec(code) ?? []
  if (!name) return null
  const own = (table: object, key: string) => Object.hasOwn(table, key)
  const id = own(DATA.emojis, name) ? name : own(DATA.aliases, name) ? DATA.aliases[name]! : null
  const entry = id === null ? undefined : DATA.emojis[id]
  if (!entry) return null
  const skins = entry.skins
  return (skins[tone ? Number(tone) - 1 : 0] ?? skins[0])?.native ?? null
}

export default function StandardShortcode({ emoji }: { emoji: string }) {
  const native = standardEmoji(emoji)
  if (!native) return emoji
  return (
    <img
      className="emoji"
      src={EMOJI_DIR + emojiFile(native)}
      alt={native}
      title={emoji}
      loading="lazy"
    />
  )
}
