// Scrolling the app's message list back to an older message (the app benchmark's memory figure):
// to the top again and again, a frame at a time, until a row at or below `target` is in the DOM;
// an error with the list's state when it stalls.
import type { Page } from 'playwright-core'

/** Scrolls back from seq `from` until `target`; the oldest seq reached. */
export async function scrollBack(scrollPage: Page, from: number, target: number): Promise<number> {
  let oldest = from
  let stalls = 0
  while (oldest > target) {
    const before = oldest
    oldest = (await scrollPage.evaluate(`(async () => {
      const scroller = document.querySelector('.message-scroller')
      const lowest = () => Math.min(...[...document.querySelectorAll('[data-seq]')].map((e) => Number(e.dataset.seq)))
      for (let i = 0; i < 400; i++) {
        scroller.scrollTop = 0
        await new Promise((resolve) => requestAnimationFrame(resolve))
        const now = lowest()
        if (now < ${oldest}) return now
      }
      return lowest()
    })()`)) as number
    if (oldest >= before && ++stalls > 5) {
      const state = await scrollPage.evaluate(`(() => {
        const el = document.querySelector('.message-scroller')
        return JSON.stringify({ top: el.scrollTop, height: el.scrollHeight, client: el.clientHeight,
          text: document.querySelector('.list-top')?.textContent, busy: el.getAttribute('aria-busy'),
          status: document.querySelector('[data-status]')?.getAttribute('data-status') })
      })()`)
      throw new Error(`scrolling stalled at seq ${oldest}: ${state}`)
    }
    if (oldest < before) stalls = 0
  }
  return oldest
}
