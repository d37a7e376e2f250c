// What is kept of a screen (kept-screen.ts), in jsdom: which screens, what of them, for whom.
// Painting it again (kept-screen-restore.ts) needs a browser's constructable stylesheets, which
// jsdom lacks: e2e/kept-screen.spec.ts shows it in Chromium; here, that the restore shows
// nothing when it must not and never throws.
import { afterEach, describe, expect, it } from 'vitest'
import {
  activateCache,
  clearCache,
  readCachedValue,
  writeCachedValue,
} from '../lib/offline-cache.ts'
import { captureScreen } from './kept-screen.ts'
import { KEPT_SCREEN_ID, restoreKeptScreen } from './kept-screen-restore.ts'
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
  const session = (id: string) =>
    localStorage.setItem('sb-localhost-auth-token', JSON.stringify({ user: { id } }))

  function keep(changes: Partial<KeptScreen> = {}): void {
    showScreen(CHANNEL)
    const screen = { ...captureScreen(document, window, 'ana')!, ...changes }
    localStorage.setItem('chorus.cache.v1.ana.value.screen', JSON.stringify(screen))
    document.body.innerHTML = '<div id="root"></div>'
  }

  const shown = () => document.getElementById(KEPT_SCREEN_ID) !== null

  it('shows nothing for another person, another address or width, nobody signed in, or an unreadable one', () => {
    for (const [what, arrange] of [
      ['another person signed in', () => (keep(), session('bo'))],
      ['nobody signed in', () => keep()],
      ['another address', () => (keep({ path: `${CHANNEL}/t/1` }), session('ana'))],
      ['another width', () => (keep({ width: window.innerWidth + 1 }), session('ana'))],
      ['a taller window', () => (keep({ height: window.innerHeight - 1 }), session('ana'))],
      [
        'unreadable',
        () => (localStorage.setItem('chorus.cache.v1.ana.value.screen', '{"v":1,'), session('ana')),
      ],
    ] as const) {
      localStorage.clear()
      arrange()
      expect(() => restoreKeptScreen(document, localStorage, window)).not.toThrow()
      expect(shown(), what).toBe(false)
    }
  })
})
