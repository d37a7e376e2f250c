import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { confirmed, showTextToCopy } from './layers.ts'

// jsdom has no :modal: an open <dialog> is one here, as one opened with showModal is in Chromium.
beforeAll(() => {
  const matches = Element.prototype.matches
  Element.prototype.matches = function (this: Element, selector: string) {
    if (selector === ':modal') return this instanceof HTMLDialogElement && this.open
    return matches.call(this, selector)
  } as typeof matches
})

afterEach(() => {
  document.body.innerHTML = ''
})

// The first call loads the dialog's chunk: more than findBy's second while the suite transforms.
const dialog = () => screen.findByRole('alertdialog', undefined, { timeout: 15_000 })

describe('confirmed', { timeout: 30_000 }, () => {
  it('asks with a title, a question and two buttons; true on confirm; gone after', async () => {
    const answer = confirmed({
      title: 'Delete this message?',
      body: 'This cannot be undone.',
      confirm: 'Delete',
      danger: true,
    })
    const asked = await dialog()
    expect(asked.getAttribute('aria-labelledby')).toBeTruthy()
    expect(document.getElementById(asked.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'Delete this message?'
    )
    expect(document.getElementById(asked.getAttribute('aria-describedby')!)!.textContent).toBe(
      'This cannot be undone.'
    )
    // The safe answer has the focus first.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Cancel' }))
    )
    const yes = within(asked).getByRole('button', { name: 'Delete' })
    expect(yes.className).toContain('button-danger-solid')
    fireEvent.click(yes)
    await expect(answer).resolves.toBe(true)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.querySelector('.layer-root')).toBeNull()
  })

  it('is false on Cancel and on Escape, and gives the focus back to what had it', async () => {
    const opener = document.createElement('button')
    opener.textContent = 'Leave'
    document.body.append(opener)
    opener.focus()
    const first = confirmed({ title: 'Leave #design?', confirm: 'Leave' })
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Cancel' }))
    await expect(first).resolves.toBe(false)
    await waitFor(() => expect(document.activeElement).toBe(opener))

    const second = confirmed({ title: 'Leave #design?', confirm: 'Leave' })
    const asked = await dialog()
    expect(asked.hasAttribute('aria-describedby')).toBe(false)
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    })
    await expect(second).resolves.toBe(false)
  })

  it('opens inside an open modal <dialog>, whose rest of the page is inert', async () => {
    const outer = document.createElement('dialog')
    outer.setAttribute('open', '')
    document.body.append(outer)
    const answer = confirmed({ title: 'Revoke bot', confirm: 'Revoke' })
    const asked = await dialog()
    expect(outer.contains(asked)).toBe(true)
    fireEvent.click(within(asked).getByRole('button', { name: 'Revoke' }))
    await expect(answer).resolves.toBe(true)
    expect(outer.childElementCount).toBe(0)
  })
})

describe('showTextToCopy', { timeout: 30_000 }, () => {
  it('shows the text selected in a read-only field, until closed', async () => {
    const shown = showTextToCopy('Copy this link', 'http://chorus.test/w/1')
    const asked = await dialog()
    const field = within(asked).getByRole('textbox', { name: 'Copy this link' })
    expect((field as HTMLInputElement).value).toBe('http://chorus.test/w/1')
    expect((field as HTMLInputElement).readOnly).toBe(true)
    await waitFor(() => expect(document.activeElement).toBe(field))
    fireEvent.click(within(asked).getByRole('button', { name: 'Close' }))
    await shown
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
