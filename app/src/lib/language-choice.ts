// The person's choice of language (issue 53), for the screens that change it: each language's
// own name, and keeping the choice on this device. Apart from lib/i18n.ts, which the first screen
// loads, since only the profile dialog and the profile's sync use it.
import { CHOSEN_KEY, activeLanguage, appLanguage } from './i18n.ts'
import type { Language } from './i18n.ts'
import { browserStore } from './local-store.ts'

/** Each language's name in itself, as a language menu shows it. */
/* eslint-disable lingui/no-unlocalized-strings -- a language's own name is never translated */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  ja: '日本語',
  ar: 'العربية',
}
/* eslint-enable lingui/no-unlocalized-strings */

/** Keeps the person's language on this device (null: follow the browser). Returns whether the
 * app must reload to show it. */
export function keepLanguage(language: Language | null): boolean {
  const store = browserStore()
  if (language) store.setItem(CHOSEN_KEY, language)
  else store.removeItem(CHOSEN_KEY)
  return appLanguage() !== activeLanguage()
}
