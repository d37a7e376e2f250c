// The message box's formatting toolbar and shortcuts, in the composer as people use it: the
// buttons and keys wrap the selection in markdown, the toggle hides the buttons (remembered on
// the device), and the box's own keys (Enter sends) still work.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRef } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { browserStore } from '../../../lib/local-store.ts'
import { markFirstScreenShown } from '../../../lib/first-screen.ts'
import { Composer } from '../components/Composer.tsx'

// The tools come a moment after the first screen is shown.
markFirstScreenShown()

afterEach(cleanup)
beforeEach(() => {
  browserStore().removeItem('chorus.composer.formatting-hidden.v1')
  browserStore().removeItem('chorus.draft.v1.c1')
})

async function setup() {
  const onSend = vi.fn<(body: string) => string | null>(() => null)
  const inputRef = createRef<HTMLTextAreaElement>()
  const ui = (
    <QueryClientProvider client={testQueryClient({ enabled: false })}>
      <Composer
        channelId="c1"
        channelName="general"
        disabledReason={null}
        members={[]}
        workspacePeople={[]}
        uploads={{
          messageId: 'm1',
          uploads: [],
          files: [],
          busy: false,
          add: async () => [],
          cancel: () => {},
          retry: () => {},
          reset: () => {},
        }}
        onSend={onSend}
        onEditLast={() => {}}
        onTyping={() => {}}
        onStopTyping={() => {}}
        inputRef={inputRef}
      />
    </QueryClientProvider>
  )
  render(ui)
  const box = screen.getByRole('combobox', { name: 'Message #general' }) as HTMLTextAreaElement
  // the tools are a chunk of their own
  await screen.findByRole('button', { name: 'Emoji' }, { timeout: 10_000 })
  return { box, onSend }
}

describe('the formatting toolbar', { timeout: 20_000 }, () => {
  it('wraps the selection in each format its buttons name', async () => {
    const { box } = await setup()
    await write(box, 'ship it', 0, 4)
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }))
    expect(box.value).toBe('**ship** it')
    // the box keeps the focus and the formatted words stay selected
    expect(document.activeElement).toBe(box)
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('ship')
    await userEvent.click(screen.getByRole('button', { name: 'Italic' }))
    expect(box.value).toBe('**_ship_** it')
    await userEvent.click(screen.getByRole('button', { name: 'Italic' }))
    expect(box.value).toBe('**ship** it')
    box.setSelectionRange(0, box.value.length)
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }))
    expect(box.value).toBe('- **ship** it')
    for (const name of ['Strikethrough', 'Code', 'Link', 'Numbered list', 'Quote', 'Code block'])
      expect(screen.getByRole('button', { name })).toBeTruthy()
  })

  it('formats with Slack’s shortcuts, and leaves the box’s own keys alone', async () => {
    const { box, onSend } = await setup()
    await write(box, 'done', 0, 4)
    fireEvent.keyDown(box, { key: 'b', code: 'KeyB', ctrlKey: true })
    expect(box.value).toBe('**done**')
    fireEvent.keyDown(box, { key: 'X', code: 'KeyX', ctrlKey: true, shiftKey: true })
    expect(box.value).toBe('**~~done~~**')
    fireEvent.keyDown(box, { key: 'i', code: 'KeyI', ctrlKey: true })
    expect(box.value).toBe('**~~_done_~~**')
    box.setSelectionRange(0, 0)
    // Shift+7 types "&" on a US keyboard: the key's place decides
    fireEvent.keyDown(box, { key: '&', code: 'Digit7', ctrlKey: true, shiftKey: true })
    expect(box.value).toBe('1. **~~_done_~~**')
    // Ctrl+K (the quick switcher) is not the toolbar's
    const other = fireEvent.keyDown(box, { key: 'k', code: 'KeyK', ctrlKey: true })
    expect(other).toBe(true)
    expect(box.value).toBe('1. **~~_done_~~**')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).toHaveBeenCalledWith('1. **~~_done_~~**', [], 'm1')
  })

  it('hides the formatting buttons, remembered on the device; the emoji button stays', async () => {
    await setup()
    await userEvent.click(screen.getByRole('button', { name: 'Hide formatting' }))
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull()
    cleanup()
    await setup()
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Emoji' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Show formatting' }))
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy()
  })

  it('is one tab stop, its buttons reached with the arrow keys', async () => {
    await setup()
    const bold = screen.getByRole('button', { name: 'Bold' })
    const italic = screen.getByRole('button', { name: 'Italic' })
    expect(bold.tabIndex).toBe(0)
    expect(italic.tabIndex).toBe(-1)
    bold.focus()
    fireEvent.keyDown(bold, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(italic)
    fireEvent.keyDown(italic, { key: 'End' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Code block' }))
  })
})

async function write(box: HTMLTextAreaElement, text: string, start: number, end: number) {
  await userEvent.type(box, text)
  box.setSelectionRange(start, end)
  fireEvent.select(box)
}
