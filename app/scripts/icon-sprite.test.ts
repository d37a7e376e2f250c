// @vitest-environment node
/// <reference types="node" />
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ICONS } from '../src/ui/icons.ts'
import { buildSprite, SPRITE_PATH, symbolOf } from './icon-sprite.ts'
import { spriteForPage } from './inline-sprite.ts'

describe('the icon sprite', () => {
  it('is what the generator writes from lucide-static (npm run -w app icons)', () => {
    expect(readFileSync(SPRITE_PATH, 'utf8')).toBe(buildSprite())
  })

  it('holds one symbol per icon the app names, and no other', () => {
    const ids = [...readFileSync(SPRITE_PATH, 'utf8').matchAll(/<symbol id="([^"]+)"/g)].map(
      (m) => m[1]
    )
    expect(ids).toEqual([...ICONS])
  })

  it("keeps an icon's viewBox, stroke and shapes", () => {
    const svg =
      '<!-- x -->\n<svg\n  class="lucide"\n  viewBox="0 0 24 24"\n  fill="none"\n  stroke="currentColor"\n  stroke-width="2"\n>\n  <path d="M1 1" />\n  <circle cx="2" cy="2" r="1" />\n</svg>\n'
    expect(symbolOf('dot', svg)).toBe(
      '<symbol id="dot" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M1 1" /><circle cx="2" cy="2" r="1" /></symbol>'
    )
  })

  it("goes into the page hidden, with every id prefixed apart from the page's own", () => {
    const page = spriteForPage(readFileSync(SPRITE_PATH, 'utf8'))
    expect(page).not.toContain('<!--')
    expect(page).toMatch(
      /^<svg [^>]*aria-hidden="true" style="position:absolute;width:0;height:0;overflow:hidden">/
    )
    const ids = [...page.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])
    expect(ids).toEqual(ICONS.map((name) => `icon-${name}`))
    expect(() => spriteForPage('<svg viewBox="0 0 1 1"></svg>')).toThrow(/does not start/)
  })
})
