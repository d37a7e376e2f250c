// The specs' `test`: Playwright's, with every browser context a test opened given back when it
// ends. The specs open their people's contexts from the worker's one browser (support/actors.ts,
// phone.ts, fresh sign-ins), which Playwright closes only with the browser: left open, every
// earlier test's pages would stay signed in and live (sockets, timers, rendering) for the rest
// of the run, and each later test would share the machine with them. Given back, a context is
// emptied and kept for a later test of the worker (support/context-pool.ts).
import { test as base } from '@playwright/test'
import type { Browser, BrowserContextOptions } from '@playwright/test'
import { contextPool } from './context-pool.ts'

export { expect } from '@playwright/test'

/** What the fixture reads: `_combinedContextOptions` is Playwright's own, the test's `use`
 * options, which it adds to every context the test opens, and so part of which kept one fits. */
interface Reads {
  browser: Browser
  _combinedContextOptions?: BrowserContextOptions
}

export const test = base.extend<{ closeContexts: void }>({
  closeContexts: [
    async ({ browser, _combinedContextOptions }: Reads, use) => {
      const pool = contextPool(browser)
      pool.defaults = _combinedContextOptions ?? {}
      await use()
      await pool.releaseAll()
    },
    { auto: true },
  ],
})
