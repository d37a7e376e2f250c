// What is kept of a screen (kept-screen.ts), in jsdom: which screens, what of them, for whom;
// and when the restore (kept-screen-restore.ts) shows it, and what of it. How it looks in a
// browser, and that the app replaces it: e2e/kept-screen.spec.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  activateCache,
  clearCache,
  MAX_AGE_MS,
  readCachedValue,
  writeCachedValue,
} from '../lib/offline-cache.ts'
import { LAST_WORKSPACE_KEY } from '../SignedInApp.tsx'
import { captureScreen, keepScreens } from './kept-screen.ts'
import { KEPT_MAX_AGE_MS, KEPT_SCREEN_ID, restoreKeptScreen } from './kept-screen-restore.ts'
import type { KeptScreen } from './kept-screen-restore.ts'

const CHANNEL = '/w/00000000-0000-4000-8000-000000000001/c/00000000-0000-4000-8000-000000000002'

const SCREEN = `
  <div class="shell">
    <nav class="sidebar" data-testid="sidebar"><a href="/w/1">general</a></nav>
    <div class="message-scroller"><article data-seq="7"><div class="message-body">hello</div>
      <img src="blob:http://localhost/123" alt="a picture"><img src="/assets/a.png" alt="kept">
      <script>window.ran = true</script><iframe src="/x"></iframe></article></div>
  </div>`

function showScreen(path: string, html = SCREEN): void {
  window.history.replaceState(null, '', path)
  document.body.innerHTML = `<div id="root">${html}</div>`
}

afterEach(() => {
  document.body.innerHTML = ''
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('the screen kept', () => {
  it('is a channel’s: its root element without what could run or is gone next time', () => {
    showScreen(CHANNEL)
    const screen = captureScreen(document, window, 'ana')!
    expect(screen).toMatchObject({
      v: 1,
      user: 'ana',
      path: CHANNEL,
      width: window.innerWidth,
      height: window.innerHeight,
    })
    const kept = new DOMParser().parseFromString(screen.html, 'text/html').body
    expect(kept.querySelector('#root .message-body')?.textContent).toBe('hello')
    expect(kept.querySelectorAll('script, iframe')).toHaveLength(0)
    expect(kept.querySelector('img[alt="a picture"]')?.hasAttribute('src')).toBe(false)
    expect(kept.querySelector('img[alt="kept"]')?.getAttribute('src')).toBe('/assets/a.png')
    // The list is kept at its distance from the bottom.
    expect(kept.querySelector('.message-scroller')?.getAttribute('data-kept-bottom')).toBe('0')
    // The page itself is untouched.
    expect(document.querySelectorAll('#root script, #root iframe')).toHaveLength(2)
  })

  it('carries style attributes as rules of its CSS, never as attributes (the page’s policy refuses those)', () => {
    showScreen(
      CHANNEL,
      SCREEN.replace(
        '<article data-seq="7">',
        '<article data-seq="7" style="height: 40px; transform: translateY(8px)">'
      )
    )
    const screen = captureScreen(document, window, 'ana')!
    const kept = new DOMParser().parseFromString(screen.html, 'text/html').body
    expect(kept.querySelectorAll('[style]')).toHaveLength(0)
    const article = kept.querySelector('article')!
    const n = article.getAttribute('data-kept-style')
    expect(n).toMatch(/^\d+$/)
    expect(screen.css).toContain(
      `[data-kept-style="${n}"]{height:40px!important;transform:translateY(8px)!important}`
    )
    // The page itself keeps its style attribute.
    expect(document.querySelector('article')?.getAttribute('style')).toContain('height: 40px')
  })

  it('is not kept off a channel, without messages, while one waits for its markup, or while something is open', () => {
    showScreen('/w/00000000-0000-4000-8000-000000000001/threads')
    expect(captureScreen(document, window, 'ana')).toBeNull()
    showScreen(CHANNEL, '<div class="message-scroller"><p>No messages yet</p></div>')
    expect(captureScreen(document, window, 'ana')).toBeNull()
    showScreen(
      CHANNEL,
      SCREEN.replace('class="message-body"', 'class="message-body" style="visibility: hidden"')
    )
    expect(captureScreen(document, window, 'ana')).toBeNull()
    for (const open of [
      '<div role="dialog">Your profile</div>',
      '<ul role="menu"></ul>',
      '<ul role="listbox"></ul>',
      '<div class="status-banner">Catching up…</div>',
    ]) {
      showScreen(CHANNEL, SCREEN + open)
      expect(captureScreen(document, window, 'ana'), open).toBeNull()
    }
  })

  it('is what `/` opens when it is the last workspace’s default channel', () => {
    const general = SCREEN.replace(
      '<a href="/w/1">',
      '<a href="/w/1" class="channel-link active" data-default="true">'
    )
    localStorage.setItem(LAST_WORKSPACE_KEY, '00000000-0000-4000-8000-000000000001')
    showScreen(CHANNEL, general)
    expect(captureScreen(document, window, 'ana')?.home).toBe(true)
    // Another channel; a message opened in it; another workspace last opened.
    showScreen(
      CHANNEL,
      SCREEN.replace('<a href="/w/1">', '<a href="/w/1" class="channel-link active">')
    )
    expect(captureScreen(document, window, 'ana')?.home).toBe(false)
    showScreen(`${CHANNEL}/m/00000000-0000-4000-8000-000000000003`, general)
    expect(captureScreen(document, window, 'ana')?.home).toBe(false)
    localStorage.setItem(LAST_WORKSPACE_KEY, '00000000-0000-4000-8000-000000000009')
    showScreen(CHANNEL, general)
    expect(captureScreen(document, window, 'ana')?.home).toBe(false)
  })

  it('is kept again when the page is hidden or left only if it changed since', async () => {
    showScreen(CHANNEL)
    const keep = vi.fn()
    keepScreens(keep)
    await vi.waitFor(() => expect(keep).toHaveBeenCalledTimes(1))
    const leave = () => window.dispatchEvent(new Event('pagehide'))
    leave()
    expect(keep).toHaveBeenCalledTimes(1)
    document.querySelector('.message-body')!.textContent = 'hello again'
    await Promise.resolve() // the mutation observer's turn
    leave()
    expect(keep).toHaveBeenCalledTimes(2)
    leave()
    document.querySelector('.message-scroller')!.dispatchEvent(new Event('scroll'))
    leave()
    window.dispatchEvent(new Event('resize'))
    leave()
    expect(keep).toHaveBeenCalledTimes(4)
  })

  it('is the signed-in person’s only, and goes when they sign out', () => {
    showScreen(CHANNEL)
    const screen = captureScreen(document, window, 'ana')!
    activateCache('ana')
    writeCachedValue('ana', 'screen', screen)
    writeCachedValue('bo', 'screen', { ...screen, user: 'bo' })
    expect(readCachedValue<KeptScreen>('ana', 'screen')?.user).toBe('ana')
    expect(readCachedValue('bo', 'screen')).toBeNull()
    clearCache('ana')
    expect(readCachedValue('ana', 'screen')).toBeNull()
    expect(Object.keys(localStorage)).toEqual([])
  })
})

describe('the kept screen shown again', () => {
  // jsdom has no constructable stylesheets' rules: enough of them for the restore to run (what
  // it paints, Chromium shows in e2e/kept-screen.spec.ts). The closed shadow root is caught as
  // it is made, to look into.
  let shadow: ShadowRoot | null = null
  const attach = Element.prototype.attachShadow
  beforeAll(() => {
    Object.defineProperty(CSSStyleSheet.prototype, 'replaceSync', {
      value() {},
      configurable: true,
    })
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
      value: [],
      writable: true,
      configurable: true,
    })
    Element.prototype.attachShadow = function (init) {
      return (shadow = attach.call(this, init))
    }
  })
  afterAll(() => {
    Element.prototype.attachShadow = attach
  })

  /** supabase-js's stored session: its access token expires in `expiresIn` seconds. */
  const session = (id: string, expiresIn = 3600) =>
    localStorage.setItem(
      'sb-localhost-auth-token',
      JSON.stringify({ user: { id }, expires_at: Math.floor(Date.now() / 1000) + expiresIn })
    )

  /** Ana's screen, kept as kept-screen.ts keeps it (her offline cache): the key the restore
   * finds is the one the cache writes. */
  function keep(changes: Partial<KeptScreen> = {}): void {
    showScreen(CHANNEL)
    activateCache('ana')
    writeCachedValue('ana', 'screen', { ...captureScreen(document, window, 'ana')!, ...changes })
    document.body.innerHTML = '<div id="root"></div>'
    shadow = null
  }
  const keptKey = () => Object.keys(localStorage).find((key) => key.endsWith('.screen'))!

  const restore = () => restoreKeptScreen(document, localStorage, window)
  const shown = () => document.getElementById(KEPT_SCREEN_ID)

  it('shows the screen kept for the person signed in, at its address: inert, hidden, closed', () => {
    keep()
    session('ana')
    restore()
    expect(shown()?.inert).toBe(true)
    expect(shown()?.getAttribute('aria-hidden')).toBe('true')
    expect(shown()?.shadowRoot).toBeNull()
    expect(shadow?.querySelector('.message-body')?.textContent).toBe('hello')
  })

  it('shows it at `/` when `/` opens it, and never anything that could run', () => {
    const planted =
      '<img src="x.png" onerror="window.ran = 1"><a href="javascript:window.ran = 2">link</a>' +
      '<script>window.ran = 3</script><iframe srcdoc="x"></iframe>'
    keep({ home: true })
    // Planted in what was kept (kept-screen.ts would not keep them): cleaned when shown.
    const kept = readCachedValue<KeptScreen>('ana', 'screen')!
    writeCachedValue('ana', 'screen', {
      ...kept,
      html: kept.html.replace('hello', `hello${planted}`),
    })
    session('ana')
    window.history.replaceState(null, '', '/')
    restore()
    expect(shown()).not.toBeNull()
    expect(
      shadow?.querySelectorAll('script, iframe, [onerror], [href^="javascript:"]')
    ).toHaveLength(0)
    expect(shadow?.textContent).toContain('link')
  })

  it('keeps to the offline cache’s age: 14 days', () => {
    expect(KEPT_MAX_AGE_MS).toBe(MAX_AGE_MS)
    expect(MAX_AGE_MS).toBe(14 * 24 * 60 * 60 * 1000)
  })

  it('shows one kept 13 days ago, for a session whose access token has a minute left', () => {
    keep({ at: Date.now() - 13 * 24 * 3600 * 1000 })
    session('ana', 60)
    restore()
    expect(shown()).not.toBeNull()
  })

  it('shows nothing for a session past its expiry, or one kept too long ago', () => {
    for (const [what, arrange] of [
      // Only the server can say whether a session past its access token's expiry stands.
      ['a session past its expiry', () => (keep(), session('ana', -1))],
      [
        'a session without an expiry',
        () => (
          keep(),
          localStorage.setItem('sb-localhost-auth-token', JSON.stringify({ user: { id: 'ana' } }))
        ),
      ],
      ['one kept too long ago', () => (keep({ at: Date.now() - KEPT_MAX_AGE_MS }), session('ana'))],
      ['one kept without its date', () => (keep({ at: undefined }), session('ana'))],
    ] as const) {
      localStorage.clear()
      arrange()
      expect(restore, what).not.toThrow()
      expect(shown(), what).toBeNull()
    }
  })

  it('shows nothing for another person, another address or width, nobody signed in, or an unreadable one', () => {
    for (const [what, arrange] of [
      ['another person signed in', () => (keep(), session('bo'))],
      ['nobody signed in', () => keep()],
      ['another address', () => (keep({ path: `${CHANNEL}/t/1` }), session('ana'))],
      [
        '`/`, which opens another screen',
        () => (keep({ home: false }), session('ana'), window.history.replaceState(null, '', '/')),
      ],
      ['another width', () => (keep({ width: window.innerWidth + 1 }), session('ana'))],
      ['a taller window', () => (keep({ height: window.innerHeight - 1 }), session('ana'))],
      ['unreadable', () => (keep(), localStorage.setItem(keptKey(), '{"v":1,'), session('ana'))],
    ] as const) {
      localStorage.clear()
      arrange()
      expect(restore, what).not.toThrow()
      expect(shown(), what).toBeNull()
    }
  })
})
