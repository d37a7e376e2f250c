// @vitest-environment node
// The catalogs (src/locales/<language>.po) against the code: every message the code has is in
// every catalog, every catalog has a translation for each (German, Japanese and Arabic are
// complete), no catalog keeps a message the code no longer has, and each translation is a valid
// ICU message with the English one's placeholders and tags. `npm run i18n -w app` brings the
// catalogs up to date with the code; the translations are written by hand.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { extractMessages } from '../../scripts/i18n-extract.ts'
import type { Extracted } from '../../scripts/i18n-extract.ts'

const LANGUAGES = ['en', 'de', 'ja', 'ar'] as const
const TRANSLATED = ['de', 'ja', 'ar'] as const

interface Entry {
  message?: string
  translation?: string
  obsolete?: boolean
}

async function catalog(language: string): Promise<Record<string, Entry>> {
  const file = path.join(import.meta.dirname, `${language}.po`)
  const parsed = await formatter({ lineNumbers: false }).parse(readFileSync(file, 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: file,
  })
  return parsed as Record<string, Entry>
}

/** The names a message fills in and the tags it wraps: `{name}`, `{count, plural…}`, `<0>`. */
function slots(message: string): string[] {
  const names = new Set<string>()
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const tag of token.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`)
      } else if (Array.isArray(token)) {
        names.add(String(token[0]))
        const cases = token[2]
        if (cases && typeof cases === 'object') for (const c of Object.values(cases)) walk(c)
      }
    }
  }
  walk(compileMessage(message))
  return [...names].sort()
}

let code: Map<string, Extracted>
const catalogs = new Map<string, Record<string, Entry>>()

beforeAll(async () => {
  code = await extractMessages()
  for (const language of LANGUAGES) catalogs.set(language, await catalog(language))
}, 60_000)

describe('the catalogs', () => {
  it('have every message of the code, and none it no longer has', () => {
    for (const language of LANGUAGES) {
      const held = catalogs.get(language)!
      const missing = [...code.values()].filter((m) => !held[m.id]).map((m) => m.message)
      const stale = Object.entries(held)
        .filter(([id, entry]) => !entry.obsolete && !code.has(id))
        .map(([, entry]) => entry.message)
      expect({ language, missing, stale }).toEqual({ language, missing: [], stale: [] })
    }
  })

  it('translate every message into German, Japanese and Arabic', () => {
    const untranslated = Object.fromEntries(
      TRANSLATED.map((language) => {
        const held = catalogs.get(language)!
        const left = [...code.values()].filter((m) => !held[m.id]?.translation?.trim())
        return [language, left.map((m) => `${m.message} (${m.files.join(', ')})`)]
      })
    )
    expect(untranslated).toEqual({ de: [], ja: [], ar: [] })
  })

  it('keep each message’s placeholders and tags, in valid ICU', () => {
    for (const language of TRANSLATED) {
      const held = catalogs.get(language)!
      const wrong: string[] = []
      for (const m of code.values()) {
        const translation = held[m.id]?.translation
        if (!translation) continue
        let ok: boolean
        try {
          ok = JSON.stringify(slots(translation)) === JSON.stringify(slots(m.message))
        } catch {
          ok = false
        }
        if (!ok) wrong.push(`${m.message} -> ${translation}`)
      }
      expect({ language, wrong }).toEqual({ language, wrong: [] })
    }
  })
})
