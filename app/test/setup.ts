// Every render() and renderHook() of @testing-library/react is wrapped in <StrictMode>, as the
// app is in development (src/main.tsx): effects mount, unmount and mount again, state
// initialisers and reducers run twice, so a test fails on code that only works when run once.
import { configure } from '@testing-library/react'

configure({ reactStrictMode: true })

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
