// bench:app's measurements in a page: the time until a message's text is readable on screen
// (after a navigation, a click in the sidebar, on a thread's summary), the long tasks (> 50 ms on
// the main thread) seen meanwhile and in the 2 s after, the JS heap.
//
// Readable: the message's row is in the document, its body is not hidden (a body with markup is
// `visibility: hidden` until the lazy markdown parser has formatted it), has text, and lies
// inside the list's visible box; and so is every other message body on screen at that moment.
// Checked at each animation frame, the moment taken in the task after that frame (after it
// painted): not when the row entered the DOM. On a return visit the row may first be readable
// on the kept screen (app/src/shell/kept-screen-restore.ts: the screen this device kept when the
// person last left it, painted before the app has loaded, in a closed shadow root, which the
// page's init script here finds by wrapping attachShadow): `ms` is the first moment the text is
// readable either way, `liveMs` the moment it is readable in the app itself.
import type { BrowserContext, CDPSession, Page } from 'playwright-core'

export interface Timed {
  ms: number
  /** When the text was readable in the app itself (not on the kept screen); ms when the same. */
  liveMs?: number
  /** When the composer (in the app, not the kept screen) accepted a key: shown and enabled. */
  typableMs?: number
  /** Whether the kept screen was painted. */
  kept?: boolean
  /** Durations of the main thread's tasks over 50 ms that began before the text was readable. */
  longTasks: number[]
  /** For each, the script that took longest in its animation frame (Long Animation Frames:
   * how it was invoked, e.g. `import.then` or `TimerHandler:setTimeout`), or '?' when none. */
  longTaskScripts: string[]
  /** Long tasks (durations) in the AFTER_MS after the text was readable: the rest of the
   * opening (effects, the live channel's start, the server's first page, Realtime's client). */
  after?: number[]
  afterScripts?: string[]
}

// Page scripts are strings: tsx would wrap inner functions in helpers the page lacks.
const OBSERVE_LONG_TASKS = `
  window.__long = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  window.__frames = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__frames.push([e.startTime, e.duration, e.scripts.map((s) => [s.startTime, s.duration, s.invoker])])
  }).observe({ type: 'long-animation-frame', buffered: true })`

/** How long after the text is readable long tasks still count against the target. */
export const AFTER_MS = 2000

/** The closed shadow roots the page attaches (the kept screen's), for watchReadable to look in. */
export const SEE_CLOSED_SHADOWS = `
  window.__shadows = []
  const attach = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init)
    window.__shadows.push(root)
    return root
  }`

/**
 * Sets window.__shown to the moment the message `row` (a selector) is readable on screen, inside
 * `scope` (the list's scroller by default; a selector), checked each animation frame, in the
 * document or on the kept screen; window.__live to the moment it is readable in the document.
 */
export const watchReadable = (row: string, scope = '.message-scroller') => `
  window.__shown = 0
  window.__live = 0
  window.__typable = 0
  ;(() => {
    const visible = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    const box = (scope) => {
      const r = scope ? scope.getBoundingClientRect() : { top: 0, bottom: innerHeight }
      return { top: Math.max(r.top, 0), bottom: Math.min(r.bottom, innerHeight) }
    }
    const onScreen = (el, view) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && r.bottom > view.top && r.top < view.bottom
    }
    const readableIn = (tree) => {
      const target = tree.querySelector(${JSON.stringify(row)})
      if (!target) return false
      const scope = target.closest(${JSON.stringify(scope)})
      const view = box(scope)
      const body = target.querySelector('.message-body') ?? target
      if (!visible(body) || !onScreen(body, view) || !body.textContent.trim()) return false
      for (const other of (scope ?? tree).querySelectorAll('.message-body'))
        if (onScreen(other, view) && !visible(other)) return false
      return true
    }
    const onKeptScreen = () =>
      (window.__shadows ?? []).some((root) => root.host.isConnected && readableIn(root))
    // The composer accepts a key: its box in the document (the kept screen's is inert), shown,
    // neither disabled nor read-only.
    const typable = () => {
      const field = document.querySelector('.composer textarea')
      return !!field && !field.disabled && !field.readOnly && visible(field) && onScreen(field, box(null))
    }
    let live = false
    let typed = false
    const check = () => {
      if (!window.__shown && onKeptScreen())
        setTimeout(() => (window.__shown ||= performance.now()), 0)
      if (!live && readableIn(document)) {
        live = true
        setTimeout(() => {
          window.__live ||= performance.now()
          window.__shown ||= window.__live
        }, 0)
      }
      if (!typed && typable()) {
        typed = true
        setTimeout(() => (window.__typable ||= performance.now()), 0)
      }
      if (!live || !typed) requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })()`

/**
 * Resolves once the page's expression `expr` is true (checked every 10 ms), as waitForFunction
 * would; the app's Content-Security-Policy forbids the eval that waitForFunction uses in the
 * page, and this runs by the DevTools protocol's evaluate, which it does not govern.
 */
export async function waitTrue(page: Page, expr: string, timeout = 30_000): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const until = performance.now() + ${timeout}
    const check = () => {
      if (${expr}) resolve(true)
      else if (performance.now() > until) reject(new Error(${JSON.stringify(`timed out waiting for ${expr}`)}))
      else setTimeout(check, 10)
    }
    check()
  })`)
}

type Frame = [start: number, duration: number, scripts: [number, number, string][]]

/** Long tasks that began in [from, to), once the observers have had them (two frames later),
 * each with the longest script run inside it. */
async function longTasksBetween(
  page: Page,
  from: number,
  to: number
): Promise<Pick<Timed, 'longTasks' | 'longTaskScripts'>> {
  await page.evaluate(
    'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 60))))'
  )
  const all = (await page.evaluate('window.__long')) as [number, number][]
  const frames = (await page.evaluate('window.__frames')) as Frame[]
  const tasks = all.filter(([start]) => start >= from && start < to)
  const scriptOf = ([start, duration]: [number, number]) => {
    const inside = frames
      .flatMap(([, , scripts]) => scripts)
      .filter(([at]) => at >= start - 1 && at < start + duration)
      .sort((a, b) => b[1] - a[1])[0]
    return inside ? `${inside[2]} ${Math.round(inside[1])} ms` : '?'
  }
  return {
    longTasks: tasks.map(([, d]) => Math.round(d)),
    longTaskScripts: tasks.map(scriptOf),
  }
}

/** A new page of `context` navigated to `url`: the ms until `[data-seq=lastSeq]` is readable. */
export async function timeOpen(
  context: BrowserContext,
  url: string,
  lastSeq: number,
  trace = false
): Promise<Timed> {
  const page = await context.newPage()
  await page.addInitScript({
    content:
      SEE_CLOSED_SHADOWS +
      OBSERVE_LONG_TASKS +
      watchReadable(`.message-scroller [data-seq="${lastSeq}"]`),
  })
  if (trace) {
    await page.addInitScript({
      content: `window.__calls = []; const f = window.fetch; window.fetch = function (input) {
        window.__calls.push(Math.round(performance.now()) + ' call ' + String(input.url || input).replace(/^https?:\\/\\/[^/]+/, '').slice(0, 60)); return f.apply(this, arguments) }`,
    })
  }
  await page.goto(url)
  await waitTrue(page, 'window.__live > 0 && window.__typable > 0', 60_000)
  const ms = (await page.evaluate('window.__shown')) as number
  const liveMs = (await page.evaluate('window.__live')) as number
  const typableMs = (await page.evaluate('window.__typable')) as number
  const kept = (await page.evaluate(
    `performance.getEntriesByName('chorus:kept-screen').length > 0`
  )) as boolean
  const { longTasks, longTaskScripts } = await longTasksBetween(page, 0, ms)
  await page.waitForTimeout(
    Math.max(0, ms + AFTER_MS - ((await page.evaluate('performance.now()')) as number))
  )
  const settling = await longTasksBetween(page, ms, ms + AFTER_MS)
  if (trace) {
    const entries = (await page.evaluate(
      `performance.getEntriesByType('resource').map((e) => [Math.round(e.startTime), Math.round(e.responseEnd), e.name])`
    )) as [number, number, string][]
    for (const [start, end, name] of entries)
      console.error(`${start}-${end} ${name.replace(/^https?:\/\/[^/]+/, '')}`)
    console.error(((await page.evaluate('window.__calls')) as string[]).join('\n'))
    console.error(`shown at ${Math.round(ms)}, long tasks ${JSON.stringify(longTasks)}`)
  }
  await page.close()
  return {
    ms,
    liveMs,
    typableMs,
    kept,
    longTasks,
    longTaskScripts,
    after: settling.longTasks,
    afterScripts: settling.longTaskScripts,
  }
}

/** A page of `context` showing `url`'s latest message, watching long tasks, for switching. */
export async function openForSwitching(
  context: BrowserContext,
  url: string,
  lastSeq: number
): Promise<Page> {
  const page = await context.newPage()
  await page.addInitScript({ content: OBSERVE_LONG_TASKS })
  await page.goto(url)
  await page.evaluate(watchReadable(`.message-scroller [data-seq="${lastSeq}"]`))
  await waitTrue(page, 'window.__shown > 0', 60_000)
  return page
}

/** Clicks the sidebar's link to `channelId`: the ms until its `[data-seq=lastSeq]` is readable. */
export async function timeSwitch(page: Page, channelId: string, lastSeq: number): Promise<Timed> {
  await page.evaluate(watchReadable(`.message-scroller [data-seq="${lastSeq}"]`))
  const clickedAt = (await page.evaluate(`(() => {
    const link = document.querySelector('a.channel-link[href$="/c/${channelId}"]')
    const at = performance.now()
    link.click()
    return at
  })()`)) as number
  await waitTrue(page, 'window.__shown > 0')
  const shownAt = (await page.evaluate('window.__shown')) as number
  const tasks = await longTasksBetween(page, clickedAt, shownAt)
  // Settle before the next switch: what the opened channel does after it is shown is not timed.
  await page.waitForTimeout(300)
  return { ms: shownAt - clickedAt, ...tasks }
}

/** JS heap after a forced GC, the DOM nodes alive in memory (Chromium's count: in the document
 * or still referenced from script), and those in the document. */
export async function memory(
  page: Page,
  cdp: CDPSession
): Promise<{ heap: number; nodes: number; inDocument: number }> {
  await cdp.send('HeapProfiler.collectGarbage')
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))')
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[]
  }
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  const inDocument = (await page.evaluate(`(() => {
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL)
    let count = 1
    while (walker.nextNode()) count += 1
    return count
  })()`)) as number
  return { heap: value('JSHeapUsedSize'), nodes: value('Nodes'), inDocument }
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}
