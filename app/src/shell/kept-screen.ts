// Keeps the screen a person leaves, for the next visit to paint at once (kept-screen-restore.ts)
// while the app loads. Loaded a moment after the first screen is shown. It keeps a channel's
// screen only, as it is on screen (the app's root element with its scroll positions, and the
// page's style rules), when the page is hidden or left, once it loads and a few seconds after
// the screen changes; not while a dialog, a menu or a list of choices is open (that is not where
// the person comes back to). It is kept in the person's offline cache (lib/offline-cache.ts), so
// it is the signed-in person's only, and signing out deletes it.
import { authState } from '../features/auth/index.ts'
import { writeCachedValue } from '../lib/offline-cache.ts'
import { parseRoute, pathOf } from '../lib/routes.ts'
import { LAST_WORKSPACE_KEY } from '../SignedInApp.tsx'
import { NEVER_KEPT } from './kept-screen-restore.ts'
import type { KeptScreen } from './kept-screen-restore.ts'

/** A screen larger than this (serialized) is not kept: localStorage holds ~5 MB in all. */
const LARGEST = 1_000_000

/** How long after the screen changes it is kept again (at most once in that time). */
export const KEEP_AFTER_CHANGE_MS = 5000

/** List items, left out when below the window's bottom (the sidebar's channels, the members). */
const BELOW_DROPPED = 'li, .message-row'

/** Open things the person does not come back to (when on screen), and the list's passing
 * states ("Catching up…", "Reconnecting…"): the app shows its own when it opens. */
const TRANSIENT = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '[role="listbox"]',
  'dialog[open]',
  '[popover]:popover-open',
  '.status-banner',
].join(',')

/** The screen as kept-screen-restore.ts paints it again, or null when it is not to be kept. */
export function captureScreen(doc: Document, view: Window, userId: string): KeptScreen | null {
  const root = doc.getElementById('root')
  const route = parseRoute(view.location.pathname, view.location.search)
  if (!root || route.name !== 'workspace' || !route.channelId) return null
  // Rows on screen, none of them waiting for the markdown parser (hidden until it is in).
  const rows = root.querySelector('.message-scroller [data-seq]')
  const waiting = root.querySelector('.message-body[style*="hidden"]')
  const open = [...doc.querySelectorAll(TRANSIENT)].some((e) => e.checkVisibility?.() ?? true)
  if (!rows || waiting || open) return null
  const copy = root.cloneNode(true) as HTMLElement
  const originals = root.querySelectorAll<HTMLElement>('*')
  const copies = copy.querySelectorAll<HTMLElement>('*')
  const below: Element[] = []
  for (let i = 0; i < originals.length; i++) {
    const original = originals[i]!
    // The items of lists below the window's bottom are not on screen: left out, they take
    // nothing from what is (nothing above them moves), and the page paints it sooner.
    if (
      original.matches(BELOW_DROPPED) &&
      original.getBoundingClientRect().top >= view.innerHeight
    ) {
      below.push(copies[i]!)
      continue
    }
    // The list of messages is kept at its distance from the bottom (the latest messages stay in
    // view in a shorter window); anything else scrolled, at its distance from the top.
    if (original.classList.contains('message-scroller')) {
      const fromBottom = original.scrollHeight - original.scrollTop - original.clientHeight
      copies[i]!.dataset.keptBottom = String(Math.max(0, Math.round(fromBottom)))
    } else if (original.scrollTop > 0) {
      copies[i]!.dataset.keptTop = String(Math.round(original.scrollTop))
    }
  }
  for (const element of below) element.remove()
  for (const element of copy.querySelectorAll(NEVER_KEPT)) element.remove()
  // Pictures made in this page only (blob: addresses) are gone on the next visit.
  for (const image of copy.querySelectorAll('img[src^="blob:"]')) image.removeAttribute('src')
  // Style attributes become rules of the kept CSS: the page's Content-Security-Policy refuses
  // style attributes parsed from markup, which the restore parses, and allows the style sheet
  // it constructs. Each declaration !important, as an inline style wins over the page's rules.
  let inline = ''
  copy.querySelectorAll<HTMLElement | SVGElement>('[style]').forEach((element, n) => {
    const style = element.style
    const rule = Array.from(style, (p) => `${p}:${style.getPropertyValue(p)}!important`).join(';')
    element.removeAttribute('style')
    element.dataset.keptStyle = String(n)
    inline += `[data-kept-style="${n}"]{${rule}}`
  })
  const html = copy.outerHTML
  const css = styleRules(doc) + inline
  if (html.length + css.length > LARGEST) return null
  // `/` (the installed app's start) opens the last workspace's default channel: this screen,
  // when it is that channel's, scrolled nowhere in particular (no message or thread opened).
  const path = view.location.pathname + view.location.search
  const home =
    path ===
      pathOf({ name: 'workspace', workspaceId: route.workspaceId, channelId: route.channelId }) &&
    view.localStorage.getItem(LAST_WORKSPACE_KEY) === route.workspaceId &&
    root.querySelector('.channel-link.active[data-default]') !== null
  return {
    v: 1,
    user: userId,
    at: Date.now(),
    path,
    home,
    width: view.innerWidth,
    height: view.innerHeight,
    html,
    css,
  }
}

/** The page's style rules, read again only when a stylesheet came or went. */
let rules: { count: number; text: string } | null = null

function styleRules(doc: Document): string {
  if (rules?.count === doc.styleSheets.length) return rules.text
  const texts: string[] = []
  for (const sheet of doc.styleSheets) {
    try {
      for (const rule of sheet.cssRules) texts.push(rule.cssText)
    } catch {
      // a sheet whose rules cannot be read (another origin's): the page has none
    }
  }
  rules = { count: doc.styleSheets.length, text: texts.join('\n') }
  return rules.text
}

/** Keeps the signed-in person's screen now, if it is one to keep. */
export function keepScreen(): void {
  const auth = authState()
  if (auth.status !== 'signed-in') return
  const screen = captureScreen(document, window, auth.userId)
  if (screen) writeCachedValue(auth.userId, 'screen', screen)
}

const whenIdle = (run: () => void) =>
  window.requestIdleCallback ? window.requestIdleCallback(run) : setTimeout(run)

/** Keeps the screen now (when the main thread is idle), KEEP_AFTER_CHANGE_MS after it changes,
 * and when the page is hidden or left: each time only if it changed (the DOM, a scroll, the
 * window's size) since it was last kept (leaving a page hides it too, and a person switching
 * tabs hides it often). */
export function keepScreens(keepNow: () => void = keepScreen): void {
  let changed = true
  let pending = 0
  const keep = () => {
    if (!changed) return
    changed = false
    keepNow()
  }
  const change = () => {
    changed = true
    pending ||= window.setTimeout(() => {
      pending = 0
      whenIdle(keep)
    }, KEEP_AFTER_CHANGE_MS)
  }
  const root = document.getElementById('root')
  if (root) {
    const changes = { childList: true, subtree: true, characterData: true, attributes: true }
    new MutationObserver(change).observe(root, changes)
    root.addEventListener('scroll', change, { capture: true, passive: true })
  }
  window.addEventListener('resize', change)
  whenIdle(keep)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keep()
  })
  window.addEventListener('pagehide', keep)
}
