// Keyboard-only helpers (issue 53, item 3): moving the focus with Tab as a person would, and
// checking that wherever it lands it shows (a focus ring: an outline or a box-shadow on the
// focused element, or an outline on the box around a text field that draws it for the field).
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

/** What is focused, and why its ring is missing; '' when it shows. */
export async function focusRingProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement
    if (!focused || focused === document.body) return 'nothing is focused'
    const ring = (el: Element) => {
      const s = getComputedStyle(el)
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
      return outline || s.boxShadow !== 'none'
    }
    const where = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}` +
      ` "${el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40)}"`
    if (ring(focused)) return ''
    // a text field inside a box that draws the ring around it (the message box)
    if (focused.matches('textarea, input')) {
      let box = focused.parentElement
      for (let i = 0; box && i < 4; i += 1, box = box.parentElement) {
        const s = getComputedStyle(box)
        if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return ''
      }
    }
    return `${where(focused)} shows no focus ring`
  })
}

export async function expectFocusRing(page: Page): Promise<void> {
  await expect.poll(() => focusRingProblem(page)).toBe('')
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the ring at every stop. */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {}
): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const problem = await focusRingProblem(page)
    if (problem !== 'nothing is focused') expect(problem).toBe('')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`)
}

/** Presses a key and checks the focus ring where the focus is then. */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key)
  await expectFocusRing(page)
}
