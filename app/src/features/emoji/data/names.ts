// Emoji names in the app's language (issue 67, item 5): CLDR's, from emojibase-data, one lazy
// module per language (app/scripts/emoji-names.ts), loaded with the emoji picker for the person's
// language only. English is the picker's own data (@emoji-mart/data).
import { loadRetrying } from '../../../lib/lazy.ts'
import type { Language } from '../../../lib/i18n.ts'

/** Each emoji (variation selectors dropped: namesKey) to its name, then its keywords. */
export type EmojiNames = Record<string, string[]>

const MODULES: Record<Exclude<Language, 'en'>, () => Promise<{ default: EmojiNames }>> = {
  de: () => import('virtual:emoji-names-de'),
  ja: () => import('virtual:emoji-names-ja'),
  ar: () => import('virtual:emoji-names-ar'),
}

/** How an emoji is looked up: "❤️" and "❤" are one, and "👍🏽" is "👍". */
export function namesKey(emoji: string): string {
  return emoji.replace(/\uFE0F|\p{Emoji_Modifier}/gu, '')
}

/** The names in `language`; none for English, or when they cannot be had (the English ones show). */
export async function loadEmojiNames(language: Language): Promise<EmojiNames | null> {
  if (language === 'en') return null
  try {
    return (await loadRetrying(MODULES[language])).default
  } catch {
    return null
  }
}
