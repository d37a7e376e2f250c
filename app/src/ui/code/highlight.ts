// Code's syntax colouring (a chunk of its own, loaded when a snippet of code or a message's code
// block is on screen: load.ts): highlight.js's core with the languages people share most, through
// lowlight, which gives a tree of tokens (hast) instead of HTML; tokens.tsx renders it as React
// elements, so the text is only ever text.
import { createLowlight } from 'lowlight'
import type { Root } from 'hast'
import bash from 'highlight.js/lib/languages/bash'
import c from 'highlight.js/lib/languages/c'
import cpp from 'highlight.js/lib/languages/cpp'
import csharp from 'highlight.js/lib/languages/csharp'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import ini from 'highlight.js/lib/languages/ini'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import kotlin from 'highlight.js/lib/languages/kotlin'
import markdown from 'highlight.js/lib/languages/markdown'
import php from 'highlight.js/lib/languages/php'
import python from 'highlight.js/lib/languages/python'
import ruby from 'highlight.js/lib/languages/ruby'
import rust from 'highlight.js/lib/languages/rust'
import sql from 'highlight.js/lib/languages/sql'
import swift from 'highlight.js/lib/languages/swift'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

const grammars = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  sql,
  swift,
  typescript,
  xml,
  yaml,
}

const lowlight = createLowlight(grammars)
// A fence's tag as people write it beyond highlight.js's own aliases (ts, py, sh, yml, c++ …).
lowlight.registerAlias({ bash: ['shell'] })

/** The language a code fence's tag names (a name or an alias, in any case), or null: unknown
 * (shown plain). */
export function languageOfTag(tag: string): string | null {
  const name = tag.toLowerCase()
  return lowlight.registered(name) ? name : null
}

/** The text's tokens in `language` (a name or alias of `grammars`). */
export function highlight(text: string, language: string): Root {
  return lowlight.highlight(language, text)
}
