// Every render() and renderHook() of @testing-library/react is wrapped in <StrictMode>, as the
// app is in development (src/main.tsx): effects mount, unmount and mount again, state
// initialisers and reducers run twice, so a test fails on code that only works when run once.
import { configure } from '@testing-library/react'
import { vi } from 'vitest'

// findBy* and waitFor wait for a signal (the element, the call) up to 5 s, not testing-library's
// 1 s: a lazy part's first import is transformed on demand, slower on a busy 2-core machine.
configure({ reactStrictMode: true, asyncUtilTimeout: 5000 })

// jsdom has <dialog> without its modal methods: opening and closing set `open`, as the browser's do
// (not in the tests run in Node's environment, which have no DOM).
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
}

// The test files of a worker share its page (isolate: false in vitest.config.ts: jsdom is made
// once per worker, not once per file, a fifth of the time the tests took). Each file still opens
// the app as a new page would: the app's own modules are evaluated anew (their state is a page's:
// whether the first screen was shown, whose cache is active…), and the page's storage and DOM
// start empty, with no clipboard (jsdom has none; user-event's setup() puts a stub of its own on
// the navigator and leaves it there). The libraries (React, testing-library) stay loaded.
vi.resetModules()
vi.useRealTimers()
vi.unstubAllGlobals()
vi.unstubAllEnvs()
if (typeof document !== 'undefined') {
  for (const name of document.documentElement.getAttributeNames()) {
    document.documentElement.removeAttribute(name)
  }
  history.replaceState(null, '', '/')
  localStorage.clear()
  sessionStorage.clear()
  document.head.replaceChildren()
  document.body.replaceChildren()
  Reflect.deleteProperty(navigator, 'clipboard')
}
