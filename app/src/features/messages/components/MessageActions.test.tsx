import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { chatMessage, testPeople } from '../../../slots/chat-message.test-support.ts'
import { MessageItem } from './MessageItem.tsx'
import type { MessageExtension } from '../../../slots/message.ts'

// jsdom has <dialog> without its modal methods. The toolbar, the sheet and the quick reactions are lazy
// chunks: loaded here first, so opening them waits on nothing but React.
beforeAll(async () => {
  await Promise.all([
    import('./MessageToolbar.tsx'),
    import('./ActionSheet.tsx'),
    import('./QuickReactions.tsx'),
  ])
  // Nor PointerEvent: a mouse event with the pointer's type.
  if (!('PointerEvent' in window)) {
    class PointerEvent extends MouseEvent {
      readonly pointerType: string
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init)
        this.pointerType = init.pointerType ?? ''
      }
    }
    Object.assign(window, { PointerEvent })
  }
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const people = testPeople

const message = chatMessage({ authorId: 'me', body: 'lunch at noon?', thread: null })

function renderItem(extra: { readOnly?: boolean; body?: string } = {}) {
  const handlers = {
    startEdit: vi.fn(),
    endEdit: vi.fn(),
    edit: vi.fn(async () => null),
    remove: vi.fn(),
    toggleReaction: vi.fn(),
  }
  const poke = vi.fn()
  // A feature's action in the toolbar too (as "Reply in thread" is).
  const extensions: MessageExtension[] = [
    {
      id: 'probe',
      actions: (_message, { readOnly }) =>
        readOnly
          ? []
          : [{ id: 'poke', label: 'Poke', icon: 'pin', inToolbar: true, run: poke, order: 20 }],
    },
  ]
  render(
    <MessageItem
      message={extra.body === undefined ? message : { ...message, body: extra.body }}
      grouped={false}
      people={people}
      canDelete
      editing={false}
      handlers={handlers}
      readOnly={extra.readOnly}
      extensions={extensions}
    />
  )
  return { ...handlers, poke }
}

// The first press loads the toolbar's chunk, then the sheet's: a busy machine takes a while.
const sheet = () => screen.findByRole('dialog', { name: 'Mia: lunch at noon?' }, { timeout: 5000 })

describe('message actions', () => {
  it('opens every action with its label in the sheet from "More actions"', async () => {
    const handlers = renderItem()
    // The first screen's button stands in for the toolbar until the row is engaged or pressed.
    const more = () => screen.getByRole('button', { name: 'More actions' })
    expect(more().getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more())
    const dialog = await sheet()
    expect(more().getAttribute('aria-expanded')).toBe('true')
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => [
        li.textContent,
        li.querySelector('use')?.getAttribute('href')?.replace('#icon-', ''),
      ])
    // Each with its label, and its icon (the sprite's) beside it.
    expect(items).toEqual([
      ['Poke', 'pin'],
      ['Copy link', 'link-2'],
      ['Edit message', 'pencil'],
      ['Delete message', 'trash-2'],
    ])
    fireEvent.click(within(dialog).getByRole('button', { name: 'React with 🎉' }))
    expect(handlers.toggleReaction).toHaveBeenCalledWith('m1', '🎉')
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(more())
    fireEvent.click(within(await sheet()).getByRole('button', { name: /Edit message/ }))
    expect(handlers.startEdit).toHaveBeenCalledWith('m1')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('names the message in the sheet as one line of text: mentions as names, no marks', async () => {
    renderItem({
      body: '**lunch** with <@22222222-2222-4222-8222-222222222222> and <!here>\n\n> at `noon`?',
    })
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy()
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Mia: lunch with @Ann and @here at noon?'
    )
  })

  it('keeps the toolbar buttons for mouse and keyboard, made when the row is first engaged', async () => {
    const handlers = renderItem()
    const toolbar = screen.getByRole('toolbar', { name: 'Message actions' })
    // Before a pointer or focus comes to the row, only "More actions" is there.
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
    ).toEqual(['More actions'])
    fireEvent.pointerEnter(screen.getByRole('article'))
    // Engaged, the row has the toolbar (its lazy chunk, loaded above).
    const poke = await screen.findByRole('button', { name: 'Poke' })
    const engaged = screen.getByRole('toolbar', { name: 'Message actions' })
    fireEvent.click(poke)
    expect(handlers.poke).toHaveBeenCalledOnce()
    fireEvent.click(within(engaged).getByRole('button', { name: 'Add reaction' }))
    fireEvent.click(await within(engaged).findByRole('menuitem', { name: '👍' }))
    expect(handlers.toggleReaction).toHaveBeenCalledWith('m1', '👍')
  })

  it('offers only what an archived channel allows', async () => {
    renderItem({ readOnly: true })
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }))
    const dialog = await sheet()
    expect(within(dialog).queryByRole('group', { name: 'React' })).toBeNull()
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['Copy link'])
  })

  it('opens a menu beside "More actions" on a wide screen with a mouse, the focus back after', async () => {
    // A wide screen with a fine pointer: no media query of the sheet's matches.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
    // Nor a ResizeObserver, which Radix's positioning watches the menu with.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      }
    )
    await import('./ActionMenu.tsx')
    try {
      const handlers = renderItem()
      fireEvent.click(screen.getByRole('button', { name: 'More actions' }))
      const menu = await screen.findByRole('menu', { name: 'Actions for Mia: lunch at noon?' })
      expect(screen.queryByRole('dialog')).toBeNull()
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.getAttribute('aria-label') ?? i.textContent)
      ).toEqual([
        ...['👍', '❤️', '😂', '🎉', '😮', '👀', '✅', '🙏'].map((e) => `React with ${e}`),
        'More emoji',
        'Poke',
        'Copy link',
        'Edit message',
        'Delete message',
      ])
      // The button that opened it is its trigger (Radix: aria-expanded, the focus comes back).
      // (The page behind a modal menu is hidden from assistive technology while it is open.)
      const more = screen.getByRole('button', { name: 'More actions', hidden: true })
      expect(more.getAttribute('aria-expanded')).toBe('true')
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Edit message' }))
      await vi.waitFor(() => expect(handlers.startEdit).toHaveBeenCalledWith('m1'))
      expect(screen.queryByRole('menu')).toBeNull()
      expect(document.activeElement).toBe(more)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('opens the sheet on a long touch press, not on a short one or a scroll', async () => {
    vi.useFakeTimers()
    renderItem()
    const body = screen.getByText('lunch at noon?')
    const touch = { pointerType: 'touch', clientX: 10, clientY: 10 }
    fireEvent.pointerDown(body, touch)
    act(() => void vi.advanceTimersByTime(300))
    fireEvent.pointerUp(body, touch)
    act(() => void vi.advanceTimersByTime(500))
    fireEvent.pointerDown(body, touch)
    fireEvent.pointerMove(body, { ...touch, clientY: 40 })
    act(() => void vi.advanceTimersByTime(600))
    expect(screen.getByRole('button', { name: 'More actions' }).getAttribute('aria-expanded')).toBe(
      'false'
    )
    fireEvent.pointerDown(body, touch)
    act(() => void vi.advanceTimersByTime(600))
    expect(screen.getByRole('button', { name: 'More actions' }).getAttribute('aria-expanded')).toBe(
      'true'
    )
  })
})
