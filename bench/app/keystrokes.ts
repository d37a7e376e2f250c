// bench:app-size's keystroke timing: from a key's keydown (its event timestamp) to the moment a
// list's change is painted (a DOM change inside the watched list, then the task after the next
// animation frame), the key's own event duration beside it (the Event Timing API: input to next
// paint, as INP counts it; entries under 16 ms are not reported and count as 16). A key that
// changes nothing in the list counts its event duration alone.
import type { Locator, Page } from 'playwright-core'

export interface KeyTiming {
  key: string
  /** keydown to the list's change painted (ms), or null when the list did not change. */
  ms: number | null
  /** The longest event duration of the key's interaction (ms, at least 16). */
  event: number
}

// Page scripts are strings: tsx would wrap inner functions in helpers the page lacks.
const INSTALL = `
  if (!window.__k) {
    window.__k = { down: 0, painted: 0, event: 0, sel: 'body' }
    document.addEventListener('keydown', (e) => { if (!window.__k.down) window.__k.down = e.timeStamp }, true)
    const inList = (node) => {
      const el = node.nodeType === 1 ? node : node.parentElement
      return Boolean(el && (el.closest(window.__k.sel) || el.querySelector?.(window.__k.sel)))
    }
    new MutationObserver((records) => {
      if (!window.__k.down) return
      const relevant = records.some((r) => inList(r.target) ||
        [...r.addedNodes, ...r.removedNodes].some((n) => n.nodeType === 1 && inList(n)))
      if (relevant) requestAnimationFrame(() => setTimeout(() => { window.__k.painted = performance.now() }, 0))
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (window.__k.down && e.startTime >= window.__k.down - 1) window.__k.event = Math.max(window.__k.event, e.duration)
    }).observe({ type: 'event', durationThreshold: 16 })
  }`

/** Presses `key` in the focused element and times the change of the list `listSelector`. */
export async function timeKey(page: Page, key: string, listSelector: string): Promise<KeyTiming> {
  await page.evaluate(INSTALL)
  await page.evaluate(
    `window.__k.down = 0; window.__k.painted = 0; window.__k.event = 0; window.__k.sel = ${JSON.stringify(listSelector)}`
  )
  await page.keyboard.press(key)
  // Settled: nothing more painted in the list for 200 ms (and at least 300 ms since the key).
  let last = -1
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(i === 0 ? 300 : 200)
    const painted = (await page.evaluate('window.__k.painted')) as number
    if (painted === last) break
    last = painted
  }
  const { down, painted, event } = (await page.evaluate('window.__k')) as {
    down: number
    painted: number
    event: number
  }
  return { key, ms: painted && down ? painted - down : null, event: Math.max(event, 16) }
}

/** Types `text` into `field` one key at a time, timing each against the list. */
export async function timeTyping(
  page: Page,
  field: Locator,
  text: string,
  listSelector: string
): Promise<KeyTiming[]> {
  await field.focus()
  const out: KeyTiming[] = []
  for (const ch of text) out.push(await timeKey(page, ch === ' ' ? 'Space' : ch, listSelector))
  return out
}

/** One figure per key: the list's change when it changed, else the key's event. */
export const perKey = (timings: KeyTiming[]) => timings.map((t) => t.ms ?? t.event)
