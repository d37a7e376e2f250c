// The specs' `test`: Playwright's, with every browser context a test opened closed when it ends.
// The specs open their people's contexts from the worker's one browser (support/actors.ts,
// phone.ts, fresh sign-ins), which Playwright closes only with the browser: left open, every
// earlier test's pages would stay signed in and live (sockets, timers, rendering) for the rest
// of the run, and each later test would share the machine with them.
import { test as base } from '@playwright/test'
import type { BrowserContext } from '@playwright/test'

export { expect } from '@playwright/test'

export const test = base.extend<{ closeContexts: void }>({
  closeContexts: [
    async ({ browser }, use) => {
      const before = new Set<BrowserContext>(browser.contexts())
      await use()
      const opened = browser.contexts().filter((context) => !before.has(context))
      // A context that is already closing or gone is fine to leave.
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)))
    },
    { auto: true },
  ],
})
