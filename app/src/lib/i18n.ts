// The app's language. Messages are written in English in the code with Lingui's macros
// (scripts/lingui-macros.ts compiles them); German, Japanese and Arabic come from their catalog,
// src/locales/<language>.po, fetched at boot when the language is not English. The language is
// the person's choice (their profile's `language`, kept on this device too), else the first of
// the browser's languages that Chorus speaks, else English. Changing it reloads the app, as
// Slack does, so nothing on screen keeps the old language and no component has to listen.
import { i18n } from '@lingui/core'
import type { MessageDescriptor, Messages } from '@lingui/core'
import { TransNoContext } from '@lingui/react/server'
import type { TransProps } from '@lingui/react'
import { createElement } from 'react'
import type { ReactElement } from 'react'
import { browserStore } from './local-store.ts'

export const LANGUAGES = ['en', 'de', 'ja', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]

/** Each language's name in itself, as a language menu shows it. */
/* eslint-disable lingui/no-unlocalized-strings -- a language's own name is never translated */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  ja: '日本語',
  ar: 'العربية',
}
/* eslint-enable lingui/no-unlocalized-strings */

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar'])

const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de.po'),
  ja: () => import('../locales/ja.po'),
  ar: () => import('../locales/ar.po'),
}

const CHOSEN_KEY = 'chorus.language'

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

/** Keeps the person's language on this device (null: follow the browser). Returns whether the
 * app must reload to show it. */
export function keepLanguage(language: Language | null): boolean {
  const store = browserStore()
  if (language) store.setItem(CHOSEN_KEY, language)
  else store.removeItem(CHOSEN_KEY)
  return appLanguage() !== activeLanguage()
}

/** A message kept for later (`msg` from @lingui/core/macro), in the app's language. */
export function translate(descriptor: MessageDescriptor): string {
  return i18n._(descriptor)
}

// What the macros compile to (lingui.config.ts points them here): the one `i18n` instance, and
// Trans and useLingui without a React context, since the language never changes while the app
// runs.
export { i18n }

export function Trans(props: TransProps): ReactElement {
  return createElement(TransNoContext, { ...props, lingui: { i18n } })
}

const lingui = { i18n, _: i18n._.bind(i18n) }

export function useLingui(): typeof lingui {
  return lingui
}
