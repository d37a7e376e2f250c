// Which message rows React renders, read from its DevTools hook (support/react-devtools-hook.ts):
// a row is the memo component whose element is the message's <article data-message-id>, and it
// rendered when it ran its render in a commit. For the specs that hold the app to rendering a
// message's row again only when that message changes (live-no-refetch.spec.ts).
import type { BrowserContext, Page } from '@playwright/test'
import { devtoolsHookScript } from './react-devtools-hook.ts'

const WATCH_ROWS = devtoolsHookScript({
  setup: 'window.__rowsRendered = []',
  fiber: `const element = fiber.child
    if ((fiber.flags & 1) && (fiber.tag === 14 || fiber.tag === 15) && element &&
        element.type === 'article' && element.memoizedProps['data-message-id'])
      window.__rowsRendered.push(element.memoizedProps['data-message-id'])`,
})

/** Watches the rows rendered in every page of the context from its next page load on. */
export async function watchRowRenders(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: WATCH_ROWS })
}

/** The ids of the rows rendered since the last call (repeated when rendered more than once). */
export async function rowsRendered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rows = (window as unknown as { __rowsRendered: string[] }).__rowsRendered
    return rows.splice(0, rows.length)
  })
}
