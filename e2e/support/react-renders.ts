// Which message rows React renders, read from its DevTools hook (React calls the hook's
// onCommitFiberRoot at each commit, in production builds too): a row is the memo component
// whose element is the message's <article data-message-id>. Only the parts of the tree a commit
// reached are read (a fiber whose child list is the one of its previous version was skipped), and
// a row rendered when it ran its render (PerformedWork, flag 1). For the specs that hold the app
// to rendering a message's row again only when that message changes (live-no-refetch.spec.ts).
import type { BrowserContext, Page } from '@playwright/test'

// A page script (a string: the page has none of this file's helpers).
const WATCH_ROWS = `
  window.__rowsRendered = []
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject(renderer) { this.renderers.set(1, renderer); return 1 },
    checkDCE() {}, onScheduleFiberRoot() {}, onPostCommitFiberRoot() {}, onCommitFiberUnmount() {},
    onCommitFiberRoot(id, root) {
      const stack = [root.current]
      while (stack.length) {
        const fiber = stack.pop()
        const element = fiber.child
        if ((fiber.flags & 1) && (fiber.tag === 14 || fiber.tag === 15) && element &&
            element.type === 'article' && element.memoizedProps['data-message-id'])
          window.__rowsRendered.push(element.memoizedProps['data-message-id'])
        if (fiber.child && !(fiber.alternate && fiber.alternate.child === fiber.child)) stack.push(fiber.child)
        if (fiber.sibling) stack.push(fiber.sibling)
      }
    },
  }`

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
