// Icons are the SVG sprite's (Icon.tsx), never a character: a symbol such as "＋", "×", "→" or
// "⋯" draws as an empty box (tofu) where the system's fonts lack it, and an emoji as text draws
// in whatever emoji font the system has, or none. Emoji a person chose (reactions, statuses) are
// drawn from images (features/emoji). This reads every component for a symbol standing as an
// icon: a JSX text of symbols only, a symbol given as an `icon` prop, or one chosen in an
// expression (`kind === 'private' ? '🔒' : '#'`).
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')

const components = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.tsx') && !/\.test\.tsx$/.test(name))
  .map((name) => ({ file: name, text: readFileSync(path.join(SRC, name), 'utf8') }))

/** Neither a letter, a digit, punctuation of text (… – — ’ “ ” ·) nor white space. */
const SYMBOL = String.raw`[^\p{L}\p{N}\p{Z}\s\x00-\x7F…–—‘’“”·«»]`

const PATTERNS: [what: string, pattern: RegExp][] = [
  ['a JSX text of symbols only', new RegExp(String.raw`^\s*(?:${SYMBOL}\s*){1,3}$`, 'u')],
  ['an icon prop of symbols', new RegExp(String.raw`\bicon="(?:${SYMBOL})+"`, 'u')],
  ['a symbol chosen as an icon', new RegExp(String.raw`\?\s*'(?:${SYMBOL}){1,2}'\s*:`, 'u')],
]

describe('icons', () => {
  it('are the sprite’s, never a symbol character', () => {
    const found = components.flatMap(({ file, text }) =>
      text
        .split('\n')
        .flatMap((line, i) =>
          line.trim().startsWith('//') || line.trim().startsWith('*')
            ? []
            : PATTERNS.filter(([, pattern]) => pattern.test(line)).map(
                ([what]) => `${file}:${i + 1}: ${what}: ${line.trim()}`
              )
        )
    )
    expect(found).toEqual([])
  })

  it('the check finds what it is for', () => {
    const sample = ['          ＋', '<MenuButton label="x" icon="⋯">', "{a ? '🔒' : '#'}", '  ×']
    for (const line of sample)
      expect(
        PATTERNS.some(([, p]) => p.test(line)),
        line
      ).toBe(true)
    for (const line of ['  Jump to latest ↓ text', '  {t`Loading…`}', '  …', '  #'])
      expect(
        PATTERNS.some(([, p]) => p.test(line)),
        line
      ).toBe(false)
  })
})
