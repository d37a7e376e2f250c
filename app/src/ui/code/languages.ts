// Which language a snippet's file is in, by its name (highlight.js's names, highlight.ts), and
// how the snippet names it. A name that tells nothing (a paste's "Pasted text.txt") is guessed
// from the text's first lines by telling signs (a `def f():`, a `package main`), never by
// highlight.js's own guess, which scores prose, logs and JSON as some language or other; a log,
// a CSV or a text of prose is none. A message's code fence without a language tag is guessed the
// same way (colour.ts).

const BY_EXTENSION: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  json: 'json',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  css: 'css',
  scss: 'css',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  sql: 'sql',
  go: 'go',
  rs: 'rust',
  java: 'java',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  yml: 'yaml',
  yaml: 'yaml',
  md: 'markdown',
  markdown: 'markdown',
  diff: 'diff',
  patch: 'diff',
  kt: 'kotlin',
  kts: 'kotlin',
  swift: 'swift',
  toml: 'ini',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
}

/** Names of languages as their own people write them (not translated). */
/* eslint-disable lingui/no-unlocalized-strings -- names of languages, the same in every language */
export const LANGUAGE_NAMES: Record<string, string> = {
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  python: 'Python',
  json: 'JSON',
  bash: 'Shell',
  css: 'CSS',
  xml: 'HTML/XML',
  sql: 'SQL',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  ruby: 'Ruby',
  php: 'PHP',
  yaml: 'YAML',
  markdown: 'Markdown',
  diff: 'Diff',
  kotlin: 'Kotlin',
  swift: 'Swift',
  ini: 'INI',
}
/* eslint-enable lingui/no-unlocalized-strings */

const extensionOf = (name: string) => /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

/**
 * The file's language by its name: a highlight.js name, `'guess'` when the name tells nothing
 * about a text that may be code (.txt, no extension), or null (plain text: a log, a CSV).
 */
export function languageByName(name: string): string | 'guess' | null {
  const extension = extensionOf(name)
  return BY_EXTENSION[extension] ?? (extension === 'txt' || extension === '' ? 'guess' : null)
}

/** Telling signs of a language at the start of a text, the surest first. */
const SIGNS: [string, RegExp][] = [
  ['diff', /^(diff --git |--- \S.*\n\+\+\+ \S|@@ -\d+(,\d+)? \+\d+(,\d+)? @@)/m],
  ['json', /^\s*(\{\s*"[^"\n]*"\s*:|\[\s*[{["\d-])/],
  ['xml', /^\s*<(\?xml|!doctype|html|svg)\b/i],
  ['bash', /^#!.*\b(ba|z)?sh\b/],
  ['go', /^package \w+\s*$[\s\S]*^func /m],
  ['rust', /^\s*(pub )?(fn \w+[<(]|use \w+::|impl\b.*\{)/m],
  [
    'python',
    /^\s*(def \w+\(.*\)( -> .+)?:|class \w+(\(.*\))?:|from [\w.]+ import \w|if __name__ == )/m,
  ],
  ['cpp', /^#include\s*[<"]/m],
  ['csharp', /^using System(\.\w+)*;/m],
  ['java', /^\s*(public|private|protected) (static )?(final )?(class|interface|void|enum) /m],
  [
    'typescript',
    /^\s*(export )?(interface \w+|type \w+ = |(async )?function \w+\(.*\): |(const|let) \w+: \w)|^import (type )?.+ from ['"]/m,
  ],
  [
    'javascript',
    /^\s*((export )?(async )?function \w+\(|(const|let|var) \w+ = .*[;(]|module\.exports)/m,
  ],
  [
    'sql',
    /^\s*(select .+ from|insert into|update \w+ set|delete from|create (table|index|view|function))\b/im,
  ],
]

/** The language of code in a text whose name tells nothing (a paste), or null: not code. */
export function guessLanguage(text: string): string | null {
  const start = text.slice(0, 4000)
  return SIGNS.find(([, sign]) => sign.test(start))?.[0] ?? null
}
