import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRef } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Composer } from './Composer.tsx'
import type { ComposerUploads } from './Composer.tsx'

const ANN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'

const DESIGN = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd'

function setup(withGroups = false) {
  const onSend = vi.fn<(body: string, files: unknown[], id: string) => string | null>(() => null)
  const onEditLast = vi.fn()
  const uploads: ComposerUploads = {
    messageId: 'draft-1',
    uploads: [],
    files: [],
    busy: false,
    add: vi.fn(async () => []),
    cancel: vi.fn(),
    retry: vi.fn(),
    reset: vi.fn(),
  }
  // The options' badges (bots, statuses) read queries; none answers here.
  const queries = new QueryClient({
    defaultOptions: { queries: { enabled: false, staleTime: Infinity } },
  })
  // The workspace's groups as the composer reads them once an @ is typed (kept: never stale).
  queries.setQueryData(
    ['groups', 'w1'],
    [{ id: DESIGN, handle: 'design', name: 'Design team', description: '', memberIds: [ANN, 'b'] }]
  )
  render(
    <QueryClientProvider client={queries}>
      <Composer
        channelId="c1"
        scope={withGroups ? { workspaceId: 'w1', channelId: 'c1' } : undefined}
        channelName="general"
        disabledReason={null}
        members={[{ id: ANN, name: 'Ann Lee' }]}
        workspacePeople={[
          { id: ANN, name: 'Ann Lee' },
          { id: 'b', name: 'Bob' },
        ]}
        uploads={uploads}
        onSend={onSend}
        onEditLast={onEditLast}
        onTyping={() => {}}
        onStopTyping={() => {}}
        inputRef={createRef<HTMLTextAreaElement>()}
      />
    </QueryClientProvider>
  )
  const box = screen.getByRole('combobox', { name: 'Message #general' }) as HTMLTextAreaElement
  return { box, onSend, onEditLast, uploads }
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('Composer', () => {
  it('Enter sends and clears; Shift+Enter does not send', () => {
    const { box, onSend, uploads } = setup()
    fireEvent.input(box, { target: { value: 'line one' } })
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(onSend).not.toHaveBeenCalled()
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).toHaveBeenCalledWith('line one', [], 'draft-1')
    expect(box.value).toBe('')
    expect(uploads.reset).toHaveBeenCalled()
  })

  it('keeps the text and shows the reason when sending is refused', () => {
    const { box, onSend } = setup()
    onSend.mockReturnValueOnce('Type a message or attach a file first.')
    fireEvent.input(box, { target: { value: '   ' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(screen.getByRole('alert').textContent).toBe('Type a message or attach a file first.')
    expect(box.value).toBe('   ')
  })

  it('does not send while an IME composition is open', () => {
    const { box, onSend } = setup()
    fireEvent.input(box, { target: { value: 'にほん' } })
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true })
    expect(onSend).not.toHaveBeenCalled()
  })

  it('Up in an empty box edits my last message', () => {
    const { box, onEditLast } = setup()
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(onEditLast).toHaveBeenCalled()
  })

  it('sends a picked mention as the person id and warns about people outside the channel', () => {
    const { box, onSend } = setup()
    fireEvent.input(box, { target: { value: 'hi @an', selectionStart: 6 } })
    fireEvent.select(box)
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(box.value).toBe('hi @Ann Lee ')
    fireEvent.input(box, { target: { value: 'hi @Ann Lee and @Bob' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).toHaveBeenCalledWith(`hi <@${ANN}> and @Bob`, [], 'draft-1')
    expect(screen.getByRole('status').textContent).toMatch(/Bob is not in #general/)
  })

  it('offers @here with what it does, and sends it as Slack stores it', () => {
    const { box, onSend } = setup()
    fireEvent.input(box, { target: { value: 'lunch @he', selectionStart: 9 } })
    fireEvent.select(box)
    const option = screen.getByRole('option', { name: /here/ })
    expect(option.textContent).toBe('here everyone active in this channel')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(box.value).toBe('lunch @here ')
    fireEvent.input(box, { target: { value: 'lunch @here, who is in?' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).toHaveBeenCalledWith('lunch <!here>, who is in?', [], 'draft-1')
  })

  it("offers the workspace's groups by handle, with who they are", () => {
    const { box } = setup(true)
    fireEvent.input(box, { target: { value: 'ask @des', selectionStart: 8 } })
    fireEvent.select(box)
    const option = screen.getByRole('option', { name: /design/ })
    expect(option.textContent).toBe('design Design team · 2 people')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(box.value).toBe('ask @design ')
  })

  it('keeps the draft across remounts', () => {
    const { box } = setup()
    fireEvent.input(box, { target: { value: 'unfinished' } })
    cleanup()
    const again = setup()
    expect(again.box.value).toBe('unfinished')
  })
})
