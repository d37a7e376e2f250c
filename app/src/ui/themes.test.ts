// The dark theme is colours only: the one `@media (prefers-color-scheme: dark)` block of the app's
// stylesheets sets colour custom properties on :root, and nothing else anywhere (no
// `light-dark()`, no script asking for the scheme) follows the system's theme. The accessibility
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

/** The body of each `@media` block whose condition names the colour scheme. */
function schemeBlocks(css: string): string[] {
  const blocks: string[] = []
  const at = /@media[^{]*prefers-color-scheme[^{]*\{/g
  for (let match = at.exec(css); match; match = at.exec(css)) {
    let depth = 1
    let i = match.index + match[0].length
    while (depth > 0 && i < css.length) {
      if (css[i] === '{') depth++
      else if (css[i] === '}') depth--
      i++
    }
    blocks.push(css.slice(match.index + match[0].length, i - 1))
  }
  return blocks
}

const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab)\([^)]*\))$/i

describe('the dark theme', () => {
  const sheets = files(SRC, /\.css$/).map((file) => ({
    file: path.relative(SRC, file),
    css: withoutComments(readFileSync(file, 'utf8')),
  }))

  it('is one block of colour custom properties on :root', () => {
    const blocks = sheets.flatMap(({ file, css }) =>
      schemeBlocks(css).map((body) => ({ file, body }))
    )
    expect(blocks.map((b) => b.file)).toEqual(['ui/styles.css'])
    const rule = /^\s*:root\s*\{([^{}]*)\}\s*$/.exec(blocks[0]!.body)
    expect(rule, 'the block holds one :root rule').not.toBeNull()
    const declarations = rule![1]!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
    expect(declarations.length).toBeGreaterThan(10)
    const notColours = declarations.filter((d) => {
      const [property, ...value] = d.split(':')
      return !property!.trim().startsWith('--') || !COLOUR.test(value.join(':').trim())
    })
    expect(notColours).toEqual([])
  })

  it('is followed by nothing else: no light-dark() in a stylesheet, no script asking', () => {
    expect(sheets.filter(({ css }) => /light-dark\(/.test(css)).map((s) => s.file)).toEqual([])
    const scripts = files(SRC, /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f))
    const asking = scripts.filter((f) => /prefers-color-scheme/.test(readFileSync(f, 'utf8')))
    expect(asking.map((f) => path.relative(SRC, f))).toEqual([])
  })
})
