// When this page started: the notifier loads a moment after the first screen, so when it starts
// with the page it hands over what came since then (other workspaces' messages:
// use-other-workspaces.ts; thread replies: thread-replies.ts), once per page.

/** When this page started (ms since the epoch): what came before is not news to it. */
export const PAGE_START = Math.floor(performance.timeOrigin)

/**
 * The hand-over is for a notifier that starts with the page; a tab that becomes the notifier
 * later (another tab of mine closed) starts from what it finds, or it would alert again what the
 * other tab did.
 */
export const SINCE_START_WITHIN_MS = 60_000

/** True while a notifier starting now starts with the page. */
export function startsWithPage(): boolean {
  return Date.now() - PAGE_START < SINCE_START_WITHIN_MS
}

/** True for a time (the server's, ISO) at or after this page's start. */
export function newerThanPage(at: string | null): boolean {
  return at !== null && Date.parse(at) >= PAGE_START
}

/** How many messages back a channel is read for what came before the notifier listened. */
export const SINCE_LIMIT = 20
