// The first screen: what a person opened, shown. Code of background features (the browser
// notifier) waits for it, and a second more, so that it does not compete with the first screen
// for the network and the main thread, even for the frames that finish it. The message list says
// when its first page (or its empty state) is on screen, the workspace's main pane when it shows
// something else (Later, Threads, a missing channel); if neither comes (a channel that cannot
// load), nothing waits any more after 15 seconds.
import { useEffect, useLayoutEffect, useState } from 'react'
import { nextTask } from './tasks.ts'

/** After this long from start, the first screen counts as shown whatever is on screen. */
export const FIRST_SCREEN_FALLBACK_MS = 15_000
/** How long after the first screen is shown background code waits still. */
export const AFTER_FIRST_SCREEN_MS = 1000

let shown = false
let released = false
const waiting = new Set<() => void>()
let resolveShown: () => void = () => {}
const shownPromise = new Promise<void>((resolve) => (resolveShown = resolve))

/** Wakes what waited, one a task (each may load and render a feature: together they made one
 * long task). What comes after the release runs at once. */
async function release(): Promise<void> {
  if (released) return
  released = true
  resolveShown()
  let first = true
  // A Set's iteration skips what is deleted meanwhile (a component gone before its turn).
  for (const wake of waiting) {
    if (!first) await nextTask()
    first = false
    if (!waiting.delete(wake)) continue
    wake()
  }
}

/** What the first screen's text waits for to be readable (the markdown parser's chunk). */
const holds = new Set<Promise<void>>()

/**
 * The first screen is not readable before `until` settles: a body with markup stays hidden until
 * the parser is loaded. Called before the screen says it is shown (a row's effect runs before
 * its list's), it holds that moment back; later, nothing.
 */
export function holdFirstScreen(until: Promise<unknown>): void {
  if (shown) return
  const settled = until.then(
    () => undefined,
    () => undefined
  )
  holds.add(settled)
  void settled.then(() => holds.delete(settled))
}

/** Called once what was opened is on screen; later calls do nothing. It counts as shown once
 * what holds it (holdFirstScreen) has settled too. */
export function markFirstScreenShown(): void {
  if (shown) return
  shown = true
  const readable = () => {
    resolveShown()
    setTimeout(() => void release(), AFTER_FIRST_SCREEN_MS)
  }
  if (holds.size === 0) readable()
  // What was held (the parser) is here: its text shows in the next frame, then it is readable.
  else
    void Promise.all(holds).then(() =>
      requestAnimationFrame(() => {
        setTimeout(readable, 0)
      })
    )
}

/** Resolves once the first screen is shown and readable (or the fallback's 15 s are past),
 * without the second more afterFirstScreen waits: for what the first screen does not paint but
 * the page needs at once after it (the Realtime client, lib/supabase.ts). */
export function firstScreenShown(): Promise<void> {
  return shownPromise
}

if (typeof window !== 'undefined') window.setTimeout(() => void release(), FIRST_SCREEN_FALLBACK_MS)

/** Runs `run` a moment after the first screen has been shown (at once if that moment is past). */
export function afterFirstScreen(run: () => void): void {
  if (released) run()
  else waiting.add(run)
}

/** False until a moment after the first screen has been shown, then true for good. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(released)
  useEffect(() => {
    if (released) {
      setReady(true)
      return
    }
    const wake = () => setReady(true)
    waiting.add(wake)
    return () => {
      waiting.delete(wake)
    }
  }, [])
  return ready
}

let firstRenderDone = false

/**
 * False in the page's first render of the app, true from the task after it on (and at once in
 * every later render): what that first render may leave to the next task, so that neither is
 * long (issue 31): the workspace's shell first, the channel's pane a task later.
 */
export function useAfterFirstRender(): boolean {
  const [ready, setReady] = useState(firstRenderDone)
  useLayoutEffect(() => {
    if (ready) return
    let cancelled = false
    void nextTask().then(() => {
      firstRenderDone = true
      if (!cancelled) setReady(true)
    })
    return () => {
      cancelled = true
    }
  }, [ready])
  return ready
}
