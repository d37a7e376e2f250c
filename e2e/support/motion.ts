// The page at rest: what the audits wait for before they read a screen (support/axe.ts,
// support/layout-check.ts).

/** A page expression that resolves once the page's running animations and transitions that end
 * are over (a toast's fade-in, a drawer sliding away as the width crosses the phone layout's; a
 * spinner's never ends). A string: tsx would wrap inner functions in helpers the page lacks. */
export const MOTION_OVER = `Promise.all(document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => undefined)))`
