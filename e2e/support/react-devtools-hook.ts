// A stand-in for React's DevTools hook, as a page script: React calls the hook's
// onCommitFiberRoot at each commit, in production builds too. Only the parts of the tree a
// commit reached are walked (a fiber whose child list is the one of its previous version was
// skipped); a fiber rendered in that commit has PerformedWork (flag 1). Used by the specs that
// watch which message rows render (support/react-renders.ts) and by `npm run bench:renders`
// (bench/app/renders.ts), each with its own lines to run. No imports: bench's Playwright is
// playwright-core, e2e's @playwright/test.

export interface HookLines {
  /** Run once, before the app's first script (its globals). */
  setup: string
  /** Run at each commit, before its fibers. */
  commit?: string
  /** Run for each fiber the commit reached (`fiber` in scope). */
  fiber: string
}

/** The page script (a string: the page has none of this file's helpers). */
export function devtoolsHookScript({ setup, commit = '', fiber }: HookLines): string {
  return `
  ${setup}
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject(renderer) { this.renderers.set(1, renderer); return 1 },
    checkDCE() {}, onScheduleFiberRoot() {}, onPostCommitFiberRoot() {}, onCommitFiberUnmount() {},
    onCommitFiberRoot(id, root) {
      ${commit}
      const stack = [root.current]
      while (stack.length) {
        const fiber = stack.pop()
        ${fiber}
        if (fiber.child && !(fiber.alternate && fiber.alternate.child === fiber.child)) stack.push(fiber.child)
        if (fiber.sibling) stack.push(fiber.sibling)
      }
    },
  }`
}
