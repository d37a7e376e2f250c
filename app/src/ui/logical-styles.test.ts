// Right to left (issue 53): Arabic lays the page out mirrored (`dir="rtl"`), which only logical
// properties follow. Every stylesheet under app/src says where things go as start and end
// (margin-inline-start, inset-inline-end, text-align: start), never as left and right.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return stylesheets(full)
    return entry.name.endsWith('.css') ? [full] : []
  })
}

interface Declaration {
  property: string
  value: string
  line: number
}

/** The declarations of a stylesheet (comments, selectors and at-rules' preludes left out). */
function declarations(css: string): Declaration[] {
  // Comments become spaces, their newlines kept, so the lines still count.
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
  const found: Declaration[] = []
  let start = 0
  for (let i = 0; i <= text.length; i++) {
    const c = text[i]
    if (c !== undefined && c !== '{' && c !== '}' && c !== ';') continue
    // What ends at `{` is a selector or an at-rule's prelude, not a declaration.
    const piece = text.slice(start, i)
    const colon = piece.indexOf(':')
    if (c !== '{' && colon > 0) {
      const offset = piece.length - piece.trimStart().length
      found.push({
        property: piece.slice(0, colon).trim().toLowerCase(),
        value: piece.slice(colon + 1).trim(),
        line: text.slice(0, start + offset).split('\n').length,
      })
    }
    start = i + 1
  }
  return found
}

/** The physical box sides whose order a mirrored layout swaps (top right bottom left). */
const FOUR_SIDES =
  /^(inset|margin|padding|scroll-margin|scroll-padding|border-(width|style|color))$/

function words(value: string): string[] {
  return value
    .replace(/!important/, '')
    .trim()
    .split(/\s+(?![^(]*\))/)
}

/** Whether a box-shadow is cast to a side: its first length (the x offset) not zero. A logical
 * one multiplies it by var(--inline-sign) (calc), which this does not read as a number. */
function shadowsAside(value: string): boolean {
  return value.split(/,(?![^(]*\))/).some((shadow) => {
    const x = words(shadow).find((word) => word !== 'inset' && !/^[a-z]/i.test(word))
    return x !== undefined && /^-?[\d.]+[a-z%]*$/i.test(x) && parseFloat(x) !== 0
  })
}

/** Why a declaration is physical, or null. */
function physical({ property, value }: Declaration): string | null {
  if (property.startsWith('--')) return null
  if (/(^|-)(left|right)(-|$)/.test(property)) return `${property} is physical`
  if (/^(text-align|float|clear)$/.test(property) && /^(left|right)\b/i.test(value)) {
    return `${property}: ${value} is physical`
  }
  if (/^transition(-property)?$/.test(property) && /(^|[\s,])(left|right)\b/.test(value)) {
    return `a transition of left or right`
  }
  if (FOUR_SIDES.test(property)) {
    const sides = words(value)
    if (sides.length === 4 && sides[1] !== sides[3]) return `${property} differs left and right`
  }
  if (property === 'box-shadow' && shadowsAside(value)) return `a shadow cast left or right`
  if (property === 'border-radius' && !value.includes('/')) {
    const [a, b = a, c = a, d = b] = words(value)
    if (a !== b || c !== d) return `border-radius differs left and right`
  }
  return null
}

describe('the stylesheets', () => {
  it('find physical declarations, and nothing in selectors or comments', () => {
    const css = `/* left: 0; margin-left */
.left-edge, [data-side='right'] > .x:hover { margin-inline-start: 4px; color: red }
@media (max-width: 700px) { .a { left: 0; text-align: right; padding: 1px 2px 3px 4px } }
.b { padding: 1px 2px 3px 2px; text-align: start; border-radius: 4px 4px 0 0; float: left }
.c { box-shadow: 0 2px 8px red, inset 3px 0 0 blue; transition: left 0.2s }
.d { box-shadow: inset calc(3px * var(--inline-sign)) 0 0 blue; border-radius: 0 8px }`
    const bad = declarations(css)
      .filter((d) => physical(d))
      .map((d) => `${d.line} ${d.property}`)
    expect(bad).toEqual([
      '3 left',
      '3 text-align',
      '3 padding',
      '4 float',
      '5 box-shadow',
      '5 transition',
      '6 border-radius',
    ])
  })

  it.each(stylesheets(SRC).map((file) => [path.relative(SRC, file), file]))(
    '%s uses logical properties only',
    (_name, file) => {
      const bad = declarations(readFileSync(file, 'utf8')).flatMap((d) => {
        const why = physical(d)
        return why ? [`line ${d.line}: ${d.property}: ${d.value} (${why})`] : []
      })
      expect(bad).toEqual([])
    }
  )
})
