// The app's language. Messages are written in English in the code with Lingui's macros
// (scripts/lingui-macros.ts compiles them); German, Japanese and Arabic come from their catalog,
// src/locales/<language>.po, fetched at boot when the language is not English. The language is
// the person's choice (their profile's `language`, kept on this device too), else the first of
// the browser's languages that Chorus speaks, else English. Changing it reloads the app, as
// Slack does, so nothing on screen keeps the old language and no component has to listen.
import { i18n } from '@lingui/core'
import type { Messages } from '@lingui/core'
import { browserStore } from './local-store.ts'
import { compileText } from './message-text.ts'

export const LANGUAGES = ['en', 'de', 'ja', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar'])

const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de.po'),
  ja: () => import('../locales/ja.po'),
  ar: () => import('../locales/ar.po'),
}

/** Where this device keeps the person's choice (lib/language-choice.ts writes it). */
export const CHOSEN_KEY = 'chorus.language'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The first of the browser's languages that Chorus speaks ("de-AT" is German). */
export function browserLanguage(tags: readonly string[] = navigator.languages): Language {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

/** The language this person chose on this device, if any. */
export function chosenLanguage(): Language | null {
  const stored = browserStore().getItem(CHOSEN_KEY)
  return isLanguage(stored) ? stored : null
}

export function appLanguage(): Language {
  return chosenLanguage() ?? browserLanguage()
}

/** The locale for dates and numbers: the browser's own when it is the app's language (British
 * English writes 25 November), else the app's language. */
export function formatLocale(language: Language = activeLanguage()): string {
  const own = navigator.languages.find((tag) => tag.toLowerCase().split('-')[0] === language)
  return own ?? language
}

export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en'
}

function activate(language: Language, messages: Messages): void {
  i18n.loadAndActivate({ locale: language, locales: [formatLocale(language)], messages })
  const html = document.documentElement
  html.lang = language
  html.dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr'
}

// Messages come as text with `{name}` placeholders at most, or precompiled (plurals): the runtime
// compiler reads the first kind (Lingui's own is an ICU parser, too big for the first screen).
i18n.setMessagesCompiler((message) => compileText(message) as never)
// English is there from the start: a message shown before boot has chosen is English.
i18n.loadAndActivate({ locale: 'en', messages: {} })

/** Activates the app's language, fetching its catalog unless it is English. A catalog that
 * cannot be fetched (offline before it was ever kept) leaves the app in English. */
export async function startI18n(language: Language = appLanguage()): Promise<void> {
  if (language === 'en') return activate('en', {})
  try {
    const { messages } = await CATALOGS[language]()
    activate(language, messages)
  } catch {
    activate('en', {})
  }
}

// What the macros' `t` compiles to (lingui.config.ts points it here): the one `i18n` instance.
export { i18n }
