// What the app shows in another language, for specs that drive it in German, Japanese or Arabic:
// the app's catalogs (app/src/locales/<language>.po) turn the English a spec names an element by
// into that language's text, so one tour reads the same in every language.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { formatter } from '@lingui/format-po'

export const LANGUAGES = ['en', 'de', 'ja', 'ar'] as const
export type Language = (typeof LANGUAGES)[number]

/** The browser locale a spec gives its context for each language. */
export const BROWSER_LOCALE: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  ja: 'ja-JP',
  ar: 'ar-EG',
}

const LOCALES = path.resolve(import.meta.dirname, '../../app/src/locales')
const catalogs = new Map<Language, Map<string, string>>()

async function catalog(language: Language): Promise<Map<string, string>> {
  const held = catalogs.get(language)
  if (held) return held
  const file = path.join(LOCALES, `${language}.po`)
  const parsed = (await formatter({ lineNumbers: false }).parse(readFileSync(file, 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: file,
  })) as Record<string, { message?: string; translation?: string }>
  const byEnglish = new Map<string, string>()
  for (const entry of Object.values(parsed)) {
    if (entry.message && entry.translation) byEnglish.set(entry.message, entry.translation)
  }
  catalogs.set(language, byEnglish)
  return byEnglish
}

/** Loads the catalogs once, so that tr() can answer without waiting. */
export async function loadCatalogs(): Promise<void> {
  for (const language of LANGUAGES) if (language !== 'en') await catalog(language)
}

/** The English message as `language` shows it, its `{name}` placeholders filled from `values`.
 * Throws when the catalog lacks it: a spec names only what the app shows. */
export function tr(
  language: Language,
  english: string,
  values: Record<string, string> = {}
): string {
  let text = english
  if (language !== 'en') {
    const byEnglish = catalogs.get(language)
    if (!byEnglish) throw new Error('call loadCatalogs() before tr()')
    const translated = byEnglish.get(english)
    if (!translated) throw new Error(`the ${language} catalog has no "${english}"`)
    text = translated
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** `text` with the characters a regular expression gives a meaning escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A pattern for the English message as `language` shows it, each `{name}` placeholder standing
 * for any text ("Message {where}": /^Nachricht an .+$/ in German); `prefix` matches the message
 * as the beginning of a longer name ("Threads" before its count). */
export function trPattern(language: Language, english: string, prefix = false): RegExp {
  const parts = tr(language, english)
    .split(/\{\w+\}/)
    .map(escapeRegExp)
  return new RegExp(`^${parts.join('.+')}${prefix ? '' : '$'}`)
}
