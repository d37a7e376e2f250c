// What a page draws wrongly, read off the page itself (issue 67, items 3 and 4): tofu (a
// character no font on the page draws, shown as an empty box) and overflow (the page or a part
// of it scrolling sideways, something running past the screen's edge, text cut off by its box).
// LayoutCheck looks at each screen the tours visit (support/axe-tour.ts), like the axe audit:
// tofu as the screen is, overflow at the narrow widths the issue names (320 px wide, and 200 %
// zoom, the layout viewport halved), the page put back to its size afterwards.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { MOTION_OVER } from './motion.ts'

export interface LayoutFinding {
  screen: string
  what: string
}

/** The narrow widths a screen is checked at: a phone at 320 px; a desktop at 200 % zoom. */
export function narrowWidthsFor(width: number): number[] {
  return width < 600 ? [320] : [Math.round(width / 2)]
}

export class LayoutCheck {
  readonly findings: LayoutFinding[] = []
  readonly screens: string[] = []

  /** The screen at its own size (tofu and overflow), then at its narrow widths (overflow). */
  async check(page: Page, screen: string): Promise<void> {
    this.screens.push(screen)
    const size = page.viewportSize()
    this.add(screen, await page.evaluate(tofuInPage))
    this.add(screen, await page.evaluate(overflowInPage))
    if (!size) return
    for (const width of narrowWidthsFor(size.width)) {
      const height = size.width < 600 ? size.height : Math.round(size.height / 2)
      await page.setViewportSize({ width, height })
      // One frame, for the layout and the resize observers' re-render; then what that started
      // (the sidebar sliding away as the width crosses the phone layout's) ends.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      await page.evaluate(MOTION_OVER)
      this.add(`${screen} at ${width}x${height}`, await page.evaluate(overflowInPage))
      await page.setViewportSize(size)
    }
  }

  /** The tours' look at a screen: layout is the same in both themes, so once. */
  async checkThemes(page: Page, screen: string): Promise<void> {
    await this.check(page, screen)
  }

  private add(screen: string, whats: string[]): void {
    for (const what of whats) {
      this.findings.push({ screen, what })
      console.log(`layout ${screen}: ${what}`)
    }
  }

  assertClean(): void {
    console.log(`layout: ${this.screens.length} screens checked, ${this.findings.length} findings`)
    expect(this.findings.map((f) => `${f.screen}: ${f.what}`)).toEqual([])
  }
}

/**
 * The characters on the page that no font draws. Each shown character is drawn on a canvas in
 * its element's font (the browser's own fallback through every installed font, as the page does)
 * and compared with what the same font draws for a code point nothing defines (U+0378): equal
 * means the empty box. Emoji in messages and reactions are images (their alt text is not drawn),
 * so they are not text here.
 */
function tofuInPage(): string[] {
  const canvas = document.createElement('canvas')
  canvas.width = 48
  canvas.height = 48
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) return ['no canvas to draw on']
  const draw = (text: string, font: string): Uint8ClampedArray => {
    context.clearRect(0, 0, 48, 48)
    context.font = font
    context.fillText(text, 4, 36)
    return context.getImageData(0, 0, 48, 48).data
  }
  const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) => a.every((v, i) => v === b[i])
  // Nothing to draw: spaces, controls, format characters (joiners, marks of direction), marks
  // that sit on another character, variation selectors.
  const silent = /[\p{White_Space}\p{Cc}\p{Cf}\p{M}\u{FE00}-\u{FE0F}]/u
  const byFont = new Map<string, Map<string, string>>()
  const note = (text: string, element: Element) => {
    const style = getComputedStyle(element)
    const font = `${style.fontStyle} ${style.fontWeight} 28px ${style.fontFamily}`
    const seen = byFont.get(font) ?? new Map<string, string>()
    byFont.set(font, seen)
    for (const character of text) {
      if (!silent.test(character) && !seen.has(character)) seen.set(character, describe(element))
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || !node.nodeValue?.trim()) continue
    if (!parent.checkVisibility({ visibilityProperty: true })) continue
    note(node.nodeValue, parent)
  }
  for (const field of document.querySelectorAll('input, textarea')) {
    const input = field as HTMLInputElement
    if (!input.checkVisibility({ visibilityProperty: true }) || input.type === 'password') continue
    note(input.value || input.placeholder, input)
  }
  const found: string[] = []
  for (const [font, characters] of byFont) {
    const box = draw('\u0378', font)
    for (const [character, where] of characters) {
      if (same(draw(character, font), box)) {
        const code = character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')
        found.push(`tofu: "${character}" (U+${code}) in ${where}`)
      }
    }
  }
  return found

  function describe(element: Element): string {
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)
    return `${element.tagName.toLowerCase()}${element.className ? '.' + String(element.className).split(' ')[0] : ''} "${label}"`
  }
}

/**
 * Where the page does not fit its width: the page scrolling sideways; a part of it that scrolls
 * sideways (a code block's line and a wide table are the exceptions: they scroll on their own,
 * reached by the keyboard); an element with text cut by the screen's edge; text cut off by its own box without
 * an ellipsis and the whole text on hover.
 */
function overflowInPage(): string[] {
  const found: string[] = []
  const width = document.documentElement.clientWidth
  const page = document.scrollingElement ?? document.documentElement
  if (page.scrollWidth > width + 1)
    found.push(`the page scrolls sideways (${page.scrollWidth} px in ${width})`)
  const code = (element: Element) => element.closest('pre, code, .table-scroll') !== null
  const describe = (element: Element) => {
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)
    return `${element.tagName.toLowerCase()}${element.className ? '.' + String(element.className).split(' ')[0] : ''} "${label}"`
  }
  const ownText = (element: Element) =>
    [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.nodeValue?.trim())
  /** A sideways scroller or clipping box the element sits in, below the page. */
  const clippedBy = (element: Element): Element | null => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return up
    }
    return null
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue
    const style = getComputedStyle(element)
    const box = element.getBoundingClientRect()
    // Nothing drawn; or for screen readers only (a 1-px box, clipped: .visually-hidden).
    if (box.width <= 1 || box.height <= 1 || style.clipPath !== 'none' || style.clip !== 'auto') {
      continue
    }
    const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll'
    if (scrolls && element.scrollWidth > element.clientWidth + 1 && !code(element)) {
      found.push(
        `${describe(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth})`
      )
    }
    const clips = style.overflowX === 'hidden' || style.overflowX === 'clip'
    if (clips && ownText(element) && element.scrollWidth > element.clientWidth + 1) {
      const hover = element.closest('[title]') !== null
      if (style.textOverflow !== 'ellipsis' || !hover) {
        found.push(
          `${describe(element)} cuts its text (${element.scrollWidth} px in ${element.clientWidth}` +
            `${style.textOverflow === 'ellipsis' ? ', no whole text on hover' : ''})`
        )
      }
    }
    // Text the screen's edge cuts (an element wholly off screen is put away on purpose).
    const straddles =
      (box.left < -1 && box.right > 0) || (box.left < width && box.right > width + 1)
    if (straddles && ownText(element) && !code(element)) {
      const clip = clippedBy(element)
      const clipBox = clip?.getBoundingClientRect()
      if (!clipBox || clipBox.left < -1 || clipBox.right > width + 1) {
        found.push(
          `${describe(element)} runs past the screen's edge (${Math.round(box.left)} to ${Math.round(box.right)} of ${width})`
        )
      }
    }
  }
  return found
}
