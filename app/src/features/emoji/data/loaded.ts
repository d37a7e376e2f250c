// What the emoji picker and the composer's `:` autocomplete read besides the shipped set, each
// asked for once, when first needed: the emoji slot's part (the workspace's custom emoji) and
// the emoji's names in the app's language.
import { loadEmojiPart } from '../../emoji-parts.ts'
import type { EmojiPart, EmojiSection, PartEmoji } from '../../../slots/emoji.ts'
import { loadEmojiNames } from './names.ts'
import type { EmojiNames } from './names.ts'
import { activeLanguage } from '../../../lib/i18n.ts'

let part: Promise<EmojiPart | null> | null = null
/** The emoji slot's part, null when it cannot be had. */
export function partNow(): Promise<EmojiPart | null> {
  part ??= loadEmojiPart().catch(() => null)
  return part
}

/** A section's hook when there is no part. */
export const noSection = (): EmojiSection => null
export const NO_EMOJI: readonly PartEmoji[] = []

let names: Promise<EmojiNames | null> | null = null
/** The names in the app's language (null in English). */
export function namesNow(): Promise<EmojiNames | null> {
  names ??= loadEmojiNames(activeLanguage())
  return names
}
