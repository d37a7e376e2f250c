/// <reference types="node" />
// CLDR's emoji names and keywords in the app's other languages (issue 67, item 5), as the emoji
// picker reads them: `import('virtual:emoji-names-de')` is a small module of its own per language,
// read at build time from CLDR's annotations (cldr-annotations-full: single characters;
// cldr-annotations-derived-full: sequences, flags, keycaps) and cut to what the picker uses: each
// emoji, without its variation selectors (as data/names.ts looks it up), with its name (CLDR's
// "tts") and keywords. Skin-tone variants are left out: the picker names an emoji by its base.
// English names are @emoji-mart/data's, which the picker already carries.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

export const NAMED_LANGUAGES = ['de', 'ja', 'ar'] as const
const PREFIX = 'virtual:emoji-names-'
const RESOLVED = '\0' + PREFIX

type Annotations = Record<string, { default?: string[]; tts?: string[] }>

async function annotations(file: string, key: string): Promise<Annotations> {
  const json = JSON.parse(
    await readFile(createRequire(import.meta.url).resolve(file), 'utf8')
  ) as Record<string, { annotations: Annotations }>
  return json[key]!.annotations
}

/** The names of one language: each emoji (variation selectors dropped) to its name, then its
 * keywords. */
export async function emojiNames(language: string): Promise<Record<string, string[]>> {
  const single = await annotations(
    `cldr-annotations-full/annotations/${language}/annotations.json`,
    'annotations'
  )
  const derived = await annotations(
    `cldr-annotations-derived-full/annotationsDerived/${language}/annotations.json`,
    'annotationsDerived'
  )
  const names: Record<string, string[]> = {}
  for (const [emoji, { tts, default: keywords = [] }] of [
    ...Object.entries(single),
    ...Object.entries(derived),
  ]) {
    const name = tts?.[0]
    // Symbols that are no emoji (¢, →) have names too; the picker has none of them and few have
    // keywords worth carrying, so only what looks like an emoji is kept.
    if (
      !name ||
      /\p{Emoji_Modifier}/u.test(emoji) ||
      !/\p{Extended_Pictographic}|\p{RI}|\u20E3/u.test(emoji)
    ) {
      continue
    }
    names[emoji.replace(/\uFE0F/g, '')] = [name, ...keywords.filter((k) => k !== name)]
  }
  return names
}

export function emojiNamesModules(): Plugin {
  return {
    name: 'chorus-emoji-names',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null
      const language = id.slice(PREFIX.length)
      if (!(NAMED_LANGUAGES as readonly string[]).includes(language)) {
        throw new Error(`No emoji names for "${language}": there are ${NAMED_LANGUAGES.join(', ')}`)
      }
      return RESOLVED + language
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null
      const names = await emojiNames(id.slice(RESOLVED.length))
      // JSON.parse of a string is read faster than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(names))})`
    },
  }
}
