// The dark theme is colours only: the one `:root[data-theme='dark']` block of the app's stylesheets
// sets colour custom properties (and the form controls' color-scheme), and nothing else anywhere
// (no `@media (prefers-color-scheme)`, no `light-dark()`, no other script asking for the scheme)
// follows the system's theme: lib/appearance.ts alone decides, from the person's choice or the
// system's (Preferences → Appearance), and sets data-theme before the first paint. The accessibility
// spec (e2e/accessibility.spec.ts) relies on it: it checks every screen with all of axe's rules
// in the light theme and with the rules about colour in the dark one, since the page's elements,
// names, roles and layout are the same in both.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')

function files(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => ending.test(name))
    .map((name) => path.join(dir, name))
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, ' ')

/** The body of each rule whose selector names the dark theme. */
function schemeBlocks(css: string): string[] {
  const blocks: string[] = []
  const at = /[^{}]*data-theme[^{}]*\{([^{}]*)\}/g
  for (let match = at.exec(css); match; match = at.exec(css)) blocks.push(match[1]!)
  return blocks
}

const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab)\([^)]*\))$/i

describe('the dark theme', () => {
  const sheets = files(SRC, /\.css$/).map((file) => ({
    file: path.relative(SRC, file),
    css: withoutComments(readFileSync(file, 'utf8')),
  }))

  it("is one block of colour custom properties on :root[data-theme='dark']", () => {
    const blocks = sheets.flatMap(({ file, css }) =>
      schemeBlocks(css).map((body) => ({ file, body }))
    )
    expect(blocks.map((b) => b.file)).toEqual(['ui/styles.css'])
    expect(sheets.find((s) => s.file === 'ui/styles.css')!.css).toMatch(
      /(^|\})\s*:root\[data-theme='dark'\]\s*\{/
    )
    const declarations = blocks[0]!.body
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
    expect(declarations.length).toBeGreaterThan(10)
    const notColours = declarations.filter((d) => {
      const [property, ...value] = d.split(':')
      if (property!.trim() === 'color-scheme') return value.join(':').trim() !== 'dark'
      return !property!.trim().startsWith('--') || !COLOUR.test(value.join(':').trim())
    })
    expect(notColours).toEqual([])
  })

  it('is the same in every language: no stylesheet rule names one', () => {
    // e2e/accessibility.spec.ts checks the dark theme's colours in English and Arabic only, one
    // language of each direction, on that ground.
    expect(sheets.filter(({ css }) => /:lang\(|\[lang\b/.test(css)).map((s) => s.file)).toEqual([])
  })

  it('is followed by nothing else: no media query, no light-dark(), one script asking', () => {
    expect(
      sheets.filter(({ css }) => /prefers-color-scheme|light-dark\(/.test(css)).map((s) => s.file)
    ).toEqual([])
    const scripts = files(SRC, /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f))
    const asking = scripts.filter((f) => /prefers-color-scheme/.test(readFileSync(f, 'utf8')))
    expect(asking.map((f) => path.relative(SRC, f))).toEqual(['lib/appearance.ts'])
  })
})

/** The custom properties of the first `:root { … }` rule of a stylesheet's text. */
function rootProperties(body: string): Map<string, string> {
  const rule = /:root\s*\{([^{}]*)\}/.exec(body)
  const found = new Map<string, string>()
  for (const d of rule?.[1]?.split(';') ?? []) {
    const [property, ...value] = d.split(':')
    if (property?.trim().startsWith('--')) found.set(property.trim(), value.join(':').trim())
  }
  return found
}

/** WCAG 2's relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.slice(1)
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

// Each colour role that is read on another, and the ratio WCAG 2.2 AA asks of it: 4.5 for text,
// 3 for what only has to be seen (the focus ring, a presence dot, a border-less control's edge).
const PAIRS: [foreground: string, background: string, ratio: number][] = [
  ['--text', '--bg', 4.5],
  ['--text', '--surface', 4.5],
  ['--text', '--surface-2', 4.5],
  ['--muted', '--bg', 4.5],
  ['--muted', '--surface', 4.5],
  ['--muted', '--surface-2', 4.5],
  ['--accent', '--surface', 4.5],
  ['--accent', '--bg', 4.5],
  ['--accent-text', '--accent', 4.5],
  ['--text', '--accent-soft', 4.5],
  ['--danger', '--surface', 4.5],
  ['--danger-text', '--danger', 4.5],
  ['--danger', '--bg', 4.5],
  ['--warning-text', '--warning-bg', 4.5],
  ['--text', '--error-bg', 4.5],
  ['--text', '--success-bg', 4.5],
  ['--mention-text', '--mention-bg', 4.5],
  ['--text', '--code-bg', 4.5],
  ...[
    '--hl-keyword',
    '--hl-string',
    '--hl-comment',
    '--hl-number',
    '--hl-title',
    '--hl-type',
    '--hl-meta',
    '--hl-added',
    '--hl-deleted',
  ].map((token): [string, string, number] => [token, '--code-bg', 4.5]),
  ['--sidebar-text', '--sidebar', 4.5],
  ['--focus', '--surface', 3],
  ['--focus', '--bg', 3],
  ['--online', '--surface', 3],
]

describe('the colour roles', () => {
  const css = withoutComments(readFileSync(path.join(SRC, 'ui/styles.css'), 'utf8'))
  const light = rootProperties(css)
  const dark = new Map([...light, ...rootProperties(`:root {${schemeBlocks(css)[0]!}}`)])

  it('are in the light theme and the dark one, each a colour', () => {
    for (const theme of [light, dark])
      for (const [fg, bg] of PAIRS) {
        expect(theme.get(fg), fg).toMatch(/^#[0-9a-f]{3}([0-9a-f]{3})?$/i)
        expect(theme.get(bg), bg).toMatch(/^#[0-9a-f]{3}([0-9a-f]{3})?$/i)
      }
  })

  it.each([
    ['light', light],
    ['dark', dark],
  ])('read with enough contrast in the %s theme', (_name, theme) => {
    const short = PAIRS.map(([fg, bg, ratio]) => ({
      pair: `${fg} on ${bg}`,
      ratio: Math.round(contrast(theme.get(fg)!, theme.get(bg)!) * 100) / 100,
      wanted: ratio,
    })).filter(({ ratio, wanted }) => ratio < wanted)
    expect(short).toEqual([])
  })

  it('the contrast sum is right: black on white 21, a colour on itself 1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#4f46e5', '#4f46e5')).toBe(1)
  })
})

describe('the other tokens', () => {
  const css = withoutComments(readFileSync(path.join(SRC, 'ui/styles.css'), 'utf8'))
  const root = rootProperties(css)

  it('are on :root: radii, spacing, type, elevation and motion', () => {
    for (const token of [
      '--radius-sm',
      '--radius',
      '--radius-full',
      '--space-1',
      '--space-6',
      '--text-xs',
      '--text-md',
      '--text-xl',
      '--shadow-1',
      '--shadow-3',
      '--duration',
      '--ease',
    ])
      expect(root.get(token), token).toBeTruthy()
  })

  it('motion is none with the system’s reduced motion', () => {
    const reduced =
      /@media\s*\(prefers-reduced-motion:\s*reduce\)\s*\{\s*:root\s*\{([^{}]*)\}/.exec(css)
    expect(reduced?.[1]).toMatch(/--duration:\s*0ms/)
    expect(reduced?.[1]).toMatch(/--duration-fast:\s*0ms/)
  })

  it('no other stylesheet writes a radius, type size or shadow the tokens have as a number', () => {
    const raw = files(SRC, /\.css$/).flatMap((file) => {
      const text = withoutComments(readFileSync(file, 'utf8'))
      return [
        ...text.matchAll(
          /^\s*(border-radius: (4|6|8|12|16|999)px|font-size: (11|12|13|14|15|18|22)px);/gm
        ),
      ].map((m) => `${path.relative(SRC, file)}: ${m[0].trim()}`)
    })
    expect(raw).toEqual([])
  })
})
