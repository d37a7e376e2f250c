// The kept screen, shown again: on a return visit, the page paints the screen this device kept
// when the person last left it (kept-screen.ts) while the app's code loads and renders, about as
// soon as the HTML is parsed. It is a picture, not the app: inert and hidden from assistive
// technology, in a closed shadow root (nothing of it is found by the page's own queries), over
// the page until the app's first screen is shown (main.tsx takes it away; 5 s at most).
//
// This file runs in the page as an inline script of index.html, before the app's modules
// (scripts/inline-kept-screen.ts compiles and minifies it at build time): it stands alone,
// imports nothing, and its keys are the offline cache's (lib/offline-cache.ts).
//
// Shown only when all hold: the kept screen is of this very address (path and query; or `/`,
// which opens the screen it holds: the last workspace's default channel), this window's width
// (the rows' heights depend on it) and at least its height (list items below the window were
// left out), the person it was kept for is the one signed in in this browser (Supabase's stored
// session), that session's access token has not expired (after that only the server can say
// whether the session stands: a refresh it refuses deletes the kept screen with the rest of the
// person's cache, lib/forget-person.ts), and it was kept less than MAX_AGE_MS ago.
// Signing out deletes it with the rest of the person's cache.

/** What the restore reads of supabase-js's stored session. expires_at (seconds) may be missing:
 * NaN then, which is never later than now. */
interface StoredSession {
  user?: { id?: string }
  expires_at: number
}

/** The id of the element that holds the kept screen. */
export const KEPT_SCREEN_ID = 'kept-screen'

/** What kept-screen.ts writes. */
export interface KeptScreen {
  v: 1
  user: string
  /** When it was kept (ms). */
  at: number
  /** pathname + search */
  path: string
  /** Whether `/` opens this screen: the last workspace's default channel. */
  home: boolean
  width: number
  /** The window's height: a taller one would show where list items below it were left out. */
  height: number
  /** The app's root element, serialized; scroll positions as data-kept-top / data-kept-bottom. */
  html: string
  /** The page's style rules. */
  css: string
}

/** Elements a kept screen never carries (kept-screen.ts leaves them out; dropped again here). */
export const NEVER_KEPT = 'script,iframe,frame,object,embed,meta,base,link,audio,video'

/** How long the kept screen stays at most if the app never says its first screen is shown. */
const LONGEST_MS = 5000

/** A kept screen older than this is not shown: offline-cache.ts's MAX_AGE_MS (14 days; this
 * script imports nothing, the unit test holds them equal). */
export const KEPT_MAX_AGE_MS = 12096e5

export function restoreKeptScreen(
  doc: Document,
  store: Storage,
  view: Window & typeof globalThis
): void {
  try {
    let kept: KeptScreen | null = null
    let session: StoredSession | null = null
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i) ?? ''
      if (/^chorus\.cache\.v1\..+\.value\.screen$/.test(key)) {
        kept = JSON.parse(store.getItem(key) ?? 'null') as KeptScreen | null
      } else if (/^sb-.+-auth-token$/.test(key)) {
        session = JSON.parse(store.getItem(key) ?? 'null') as StoredSession | null
      }
    }
    const path = view.location.pathname + view.location.search
    const now = Date.now()
    if (
      kept?.v !== 1 ||
      !session?.user?.id ||
      kept.user !== session.user.id ||
      // Not after the session's own expiry, nor beyond the kept screen's age (NaN: neither).
      !(session.expires_at * 1000 > now) ||
      !(now - kept.at < KEPT_MAX_AGE_MS) ||
      (kept.path !== path && !(kept.home && path === '/')) ||
      kept.width !== view.innerWidth ||
      kept.height < view.innerHeight
    ) {
      return
    }
    const host = doc.createElement('div')
    host.id = KEPT_SCREEN_ID
    host.inert = true
    host.setAttribute('aria-hidden', 'true')
    host.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;overflow:hidden;background:var(--bg)'
    const shadow = host.attachShadow({ mode: 'closed' })
    const sheet = new view.CSSStyleSheet()
    sheet.replaceSync(kept.css)
    shadow.adoptedStyleSheets = [sheet]
    // Parsed in a template: nothing in it loads or runs before it is cleaned.
    const template = doc.createElement('template')
    template.innerHTML = kept.html
    for (const element of template.content.querySelectorAll(NEVER_KEPT)) element.remove()
    for (const element of template.content.querySelectorAll('*')) {
      for (const { name, value } of [...element.attributes]) {
        if (/^on/i.test(name) || /^\s*javascript:/i.test(value)) element.removeAttribute(name)
      }
    }
    // The icons' <use href="#…"> find their symbols in the same tree: the page's sprite, copied.
    const sprite = doc.body.querySelector(':scope > svg')
    if (sprite) shadow.append(sprite.cloneNode(true))
    shadow.append(template.content)
    doc.body.append(host)
    for (const element of shadow.querySelectorAll<HTMLElement>('[data-kept-top]')) {
      element.scrollTop = Number(element.dataset.keptTop)
    }
    for (const element of shadow.querySelectorAll<HTMLElement>('[data-kept-bottom]')) {
      element.scrollTop =
        element.scrollHeight - element.clientHeight - Number(element.dataset.keptBottom)
    }
    view.performance.mark('chorus:kept-screen')
    view.setTimeout(() => host.remove(), LONGEST_MS)
  } catch {
    // A kept screen that cannot be read or shown: the app opens as it would without one.
  }
}
