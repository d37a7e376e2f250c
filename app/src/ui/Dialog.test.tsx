import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Dialog } from './Dialog.tsx'

// jsdom has <dialog> without its modal methods, no :modal, and lays nothing out (no client
// rects): given here as Chromium has them. dialog-focus.ts is loaded as after the first screen.
beforeAll(async () => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
    this.querySelector<HTMLElement>('button, input')?.focus()
  }
  const matches = Element.prototype.matches
  Element.prototype.matches = function (this: Element, selector: string) {
    if (selector === ':modal') return this instanceof HTMLDialogElement && this.open
    return matches.call(this, selector)
  } as typeof matches
  HTMLElement.prototype.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as never
  await import('./dialog-focus.ts')
})
afterEach(cleanup)

function Page() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      {open && (
        <Dialog title="Settings" open onClose={() => setOpen(false)}>
          <input aria-label="Name" />
          <button type="button">Save</button>
        </Dialog>
      )}
    </>
  )
}

/** A Tab as the browser sends it: moved by the page's listeners, or not at all here. */
function tab(from: HTMLElement, shiftKey = false) {
  fireEvent.keyDown(from, { key: 'Tab', shiftKey })
}

describe('Dialog', () => {
  it('Tab past its last control goes to its first, Shift+Tab back to the last', () => {
    render(<Page />)
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }))
    const close = screen.getByRole('button', { name: 'Close' })
    const save = screen.getByRole('button', { name: 'Save' })
    save.focus()
    tab(save)
    expect(document.activeElement).toBe(close)
    tab(close, true)
    expect(document.activeElement).toBe(save)
    // Inside, Tab is the browser's: the dialog moves nothing.
    const name = screen.getByRole('textbox', { name: 'Name' })
    name.focus()
    tab(name)
    expect(document.activeElement).toBe(name)
  })

  it('gives the focus back to the button that opened it when it goes', async () => {
    render(<Page />)
    const opener = screen.getByRole('button', { name: 'Open settings' })
    opener.focus()
    fireEvent.click(opener)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull()
    // The removal is seen by a MutationObserver: a microtask later.
    await act(async () => {})
    expect(document.activeElement).toBe(opener)
  })
})

describe('Dialog with a field marked data-autofocus', () => {
  it('gives that field the focus when it opens, not the first control (Close)', async () => {
    function Finder() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Find
          </button>
          {open && (
            <Dialog title="Jump to" open onClose={() => setOpen(false)}>
              <input aria-label="Channel" autoFocus data-autofocus />
            </Dialog>
          )}
        </>
      )
    }
    render(<Finder />)
    const opener = screen.getByRole('button', { name: 'Find' })
    opener.focus()
    await act(async () => fireEvent.click(opener))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Channel' }))
  })
})

describe('a dialog whose opener is gone when it closes', () => {
  // The full emoji picker: "More emoji" is an item of the quick reactions' menu, which goes
  // before the picker (a lazy chunk) opens; Escape then left the focus on <body> (issue 67).
  function Message({ removed = false }: { removed?: boolean }) {
    const [menu, setMenu] = useState(false)
    const [picker, setPicker] = useState(false)
    return (
      <>
        {!removed && (
          <article tabIndex={-1} aria-label="Ann: hello">
            <button type="button" onClick={() => setMenu(true)}>
              Add reaction
            </button>
            {menu && (
              <div role="menu">
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    setMenu(false)
                    setTimeout(() => setPicker(true))
                  }}
                >
                  More emoji
                </button>
              </div>
            )}
          </article>
        )}
        {picker && (
          <Dialog title="Add a reaction" open onClose={() => setPicker(false)}>
            <input aria-label="Search emoji" data-autofocus />
          </Dialog>
        )}
      </>
    )
  }

  async function openPickerAndClose() {
    fireEvent.click(screen.getByRole('button', { name: 'Add reaction' }))
    const more = screen.getByRole('menuitem', { name: 'More emoji' })
    more.focus()
    fireEvent.click(more)
    expect(document.activeElement).toBe(document.body)
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search emoji' }))
    )
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await act(async () => {})
  }

  it('gives the focus back to the message it was opened from, not <body>', async () => {
    render(<Message />)
    screen.getByRole('button', { name: 'Add reaction' }).focus()
    await openPickerAndClose()
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Ann: hello' }))
  })

  it('gives it to the message box when nothing it came from is left', async () => {
    const { rerender } = render(
      <>
        <div className="composer-box">
          <textarea aria-label="Message #general" />
        </div>
        <Message />
      </>
    )
    screen.getByRole('button', { name: 'Add reaction' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Add reaction' }))
    const more = screen.getByRole('menuitem', { name: 'More emoji' })
    more.focus()
    fireEvent.click(more)
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search emoji' }))
    )
    // the message is deleted meanwhile (by someone else)
    rerender(
      <>
        <div className="composer-box">
          <textarea aria-label="Message #general" />
        </div>
        <Message removed />
      </>
    )
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await act(async () => {})
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message #general' }))
  })
})

describe('a workspace chosen in the rail', () => {
  it('gives the focus to the new shell’s rail item once the old one is gone', async () => {
    document.body.innerHTML =
      '<nav class="rail"><a href="/w/one" aria-current="page">O</a><a href="/w/two">T</a></nav>'
    const two = document.querySelector<HTMLElement>('a[href="/w/two"]')!
    two.focus()
    // the app's Link navigates itself (jsdom cannot)
    two.addEventListener('click', (e) => e.preventDefault())
    fireEvent.click(two)
    // the shell keyed by workspace: the old rail goes, the new one comes
    document.body.innerHTML =
      '<nav class="rail"><a href="/w/one">O</a><a href="/w/two" aria-current="page">T</a></nav>'
    expect(document.activeElement).toBe(document.body)
    await waitFor(() =>
      expect(document.activeElement).toBe(document.querySelector('a[href="/w/two"]'))
    )
    document.body.innerHTML = ''
  })
})

describe('the backdrop', () => {
  it('closes the dialog on a click that began on it, not on a press inside released outside', () => {
    render(<Page />)
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Settings' })
    // Pressed on a control inside, released where the dialog no longer is (it shrank or moved):
    // the browser's click goes to the <dialog> itself.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Save' }))
    fireEvent.click(dialog)
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeNull()
    // Pressed and released on the backdrop.
    fireEvent.pointerDown(dialog)
    fireEvent.click(dialog)
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull()
  })
})
