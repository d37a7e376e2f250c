import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRef } from 'react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { Composer } from './Composer.tsx'
import { DRAFT_SAVE_MS } from './use-draft.ts'
import { browserStore } from '../../../lib/local-store.ts'
import type { ComposerUploads } from './Composer.tsx'
import type { DraftUpload, OutgoingFile } from '../../attachments/index.ts'

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
  const queries = testQueryClient({ enabled: false, staleTime: Infinity })
  // The workspace's groups as the composer reads them once an @ is typed (kept: never stale).
  queries.setQueryData(
    ['groups', 'w1'],
    [{ id: DESIGN, handle: 'design', name: 'Design team', description: '', memberIds: [ANN, 'b'] }]
  )
  const ui = (uploads: ComposerUploads) => (
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
        inputRef={inputRef}
      />
    </QueryClientProvider>
  )
  const inputRef = createRef<HTMLTextAreaElement>()
  const { rerender } = render(ui(uploads))
  const box = screen.getByRole('combobox', { name: 'Message #general' }) as HTMLTextAreaElement
  /** The composer again with its uploads changed (as useUploads re-renders it). */
  const update = (change: Partial<ComposerUploads>) => rerender(ui({ ...uploads, ...change }))
  return { box, onSend, onEditLast, uploads, update }
}

/** A file attached to the message being written, in the state given. */
function attached(state: DraftUpload['state']): DraftUpload {
  return {
    id: 'f1',
    file: new File(['release notes'], 'notes.txt', { type: 'text/plain' }),
    name: 'notes.txt',
    size: 13,
    mime: 'text/plain',
    path: 'w1/c1/draft-1/f1-notes.txt',
    progress: state === 'done' ? 1 : 0.5,
    state,
    resumable: false,
    error: state === 'failed' ? 'The network dropped during the upload.' : null,
    width: null,
    height: null,
    previewUrl: null,
  }
}

/** The frame after a pick, in which the composer puts the caret after the mention. */
const nextFrame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => done())))

afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('Composer', () => {
  // Typed as a person types: keydown, beforeinput, input and keyup for each key.
  it('Enter sends and clears; Shift+Enter does not send', async () => {
    const user = userEvent.setup()
    const { box, onSend, uploads } = setup()
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two')
    expect(onSend).not.toHaveBeenCalled()
    expect(box.value).toBe('line one\nline two')
    await user.keyboard('{Enter}')
    expect(onSend).toHaveBeenCalledWith('line one\nline two', [], 'draft-1')
    expect(box.value).toBe('')
    expect(uploads.reset).toHaveBeenCalled()
  })

  it('keeps the text and shows the reason when sending is refused', async () => {
    const user = userEvent.setup()
    const { box, onSend } = setup()
    onSend.mockReturnValueOnce('Type a message or attach a file first.')
    await user.type(box, '   {Enter}')
    expect(screen.getByRole('alert').textContent).toBe('Type a message or attach a file first.')
    expect(box.value).toBe('   ')
  })

  it('a message sent while its file uploads goes once the file is up, as it was', async () => {
    const user = userEvent.setup()
    const { box, onSend, update } = setup()
    update({ uploads: [attached('uploading')], busy: true })
    await user.type(box, 'the notes file{Enter}')
    expect(onSend).not.toHaveBeenCalled()
    expect(screen.getByRole('status').textContent).toBe('Sending once the files are uploaded…')
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true)
    const file: OutgoingFile = { ...attached('done'), id: 'f1' }
    update({ uploads: [attached('done')], files: [file], busy: false })
    expect(onSend).toHaveBeenCalledTimes(1)
    expect(onSend).toHaveBeenCalledWith('the notes file', [file], 'draft-1')
    expect(box.value).toBe('')
  })

  it('a message sent while its file uploads is not sent if the text changes or the file fails', async () => {
    const user = userEvent.setup()
    const { box, onSend, update } = setup()
    update({ uploads: [attached('uploading')], busy: true })
    await user.type(box, 'first{Enter} and more')
    expect(screen.queryByRole('status')).toBeNull()
    update({ uploads: [attached('done')], busy: false })
    expect(onSend).not.toHaveBeenCalled()
    expect(box.value).toBe('first and more')

    update({ uploads: [attached('uploading')], busy: true })
    await user.keyboard('{Enter}')
    update({ uploads: [attached('failed')], busy: false })
    expect(onSend).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe(
      'A file could not be uploaded: retry or remove it, then send.'
    )
    expect(box.value).toBe('first and more')
  })

  it('does not send while an IME composition is open', async () => {
    const user = userEvent.setup()
    const { box, onSend } = setup()
    await user.type(box, 'にほん')
    // user-event has no IME: the Enter that ends a composition is a keydown with isComposing.
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true })
    expect(onSend).not.toHaveBeenCalled()
    expect(box.value).toBe('にほん')
  })

  it('Up in an empty box edits my last message', async () => {
    const user = userEvent.setup()
    const { box, onEditLast } = setup()
    await user.type(box, '{ArrowUp}')
    expect(onEditLast).toHaveBeenCalled()
  })

  it('leaves Alt+Up (the previous channel) and Shift+Up to the other shortcuts', async () => {
    const user = userEvent.setup()
    const { box, onEditLast } = setup()
    await user.type(box, '{Alt>}{ArrowUp}{/Alt}{Shift>}{ArrowUp}{/Shift}')
    expect(onEditLast).not.toHaveBeenCalled()
  })

  it('sends a picked mention as the person id and warns about people outside the channel', async () => {
    const user = userEvent.setup()
    const { box, onSend } = setup()
    await user.type(box, 'hi @an')
    await screen.findByRole('option', { name: /Ann Lee/ })
    await user.keyboard('{Enter}')
    expect(box.value).toBe('hi @Ann Lee ')
    await nextFrame()
    await user.type(box, 'and @Bob')
    await user.keyboard('{Escape}{Enter}')
    expect(onSend).toHaveBeenCalledWith(`hi <@${ANN}> and @Bob`, [], 'draft-1')
    // Said once its chunk is in.
    expect(
      (await screen.findByText(/Bob is not in #general/)).closest('[role=status]')
    ).not.toBeNull()
  })

  it('offers @here with what it does, and sends it as Slack stores it', async () => {
    const user = userEvent.setup()
    const { box, onSend } = setup()
    await user.type(box, 'lunch @he')
    const option = await screen.findByRole('option', { name: /here/ })
    expect(option.textContent).toBe('here everyone active in this channel')
    await user.keyboard('{Enter}')
    expect(box.value).toBe('lunch @here ')
    await nextFrame()
    await user.keyboard('{Backspace}, who is in?{Enter}')
    expect(onSend).toHaveBeenCalledWith('lunch <!here>, who is in?', [], 'draft-1')
  })

  it('keeps the draft across remounts', async () => {
    const user = userEvent.setup()
    const { box } = setup()
    await user.type(box, 'unfinished')
    cleanup()
    const again = setup()
    expect(again.box.value).toBe('unfinished')
  })

  it('does per keystroke in 1 MB of text what it does in a line (no draft write, no re-measure)', () => {
    vi.useFakeTimers()
    try {
      const draft = 'a line of a long text\n'.repeat(50_000)
      browserStore().setItem('chorus.draft.v1.c1', draft)
      const { box } = setup()
      expect(box.value).toBe(draft)
      // As laid out by a browser: the text is taller than the box at its tallest.
      Object.defineProperty(box, 'scrollHeight', { get: () => 1_000_000 })
      Object.defineProperty(box, 'clientHeight', { get: () => 200 })
      const heights: string[] = []
      let height = ''
      Object.defineProperty(box.style, 'height', {
        get: () => height,
        set: (value: string) => void heights.push((height = value)),
      })
      const writes = vi.spyOn(Storage.prototype, 'setItem')
      let text = draft
      for (const ch of 'twenty keys typed in') {
        text += ch
        fireEvent.change(box, { target: { value: text, selectionStart: text.length } })
      }
      expect(box.value).toBe(text)
      // Measured from 'auto' once (it was not at its tallest yet), then left at its tallest.
      expect(heights.filter((h) => h === 'auto')).toHaveLength(1)
      expect(heights.at(-1)).toBe('216px')
      // The draft is written once typing pauses, not at each key.
      expect(writes).not.toHaveBeenCalled()
      act(() => void vi.advanceTimersByTime(DRAFT_SAVE_MS))
      expect(writes).toHaveBeenCalledTimes(1)
      expect(browserStore().getItem('chorus.draft.v1.c1')).toBe(text)
      writes.mockRestore()
    } finally {
      browserStore().removeItem('chorus.draft.v1.c1')
      vi.useRealTimers()
    }
  })

  it('attaches a paste that would pass the limit as a text file, and keeps a short one', async () => {
    const { box, uploads } = setup()
    fireEvent.paste(box, { clipboardData: { files: [], getData: () => 'a short line' } })
    expect(uploads.add).not.toHaveBeenCalled()
    const long = 'log line\n'.repeat(5000)
    fireEvent.paste(box, { clipboardData: { files: [], getData: () => long } })
    await act(async () => {})
    expect(uploads.add).toHaveBeenCalledTimes(1)
    // The text, to be attached as a text file (accept-files.ts names it).
    expect(vi.mocked(uploads.add).mock.calls[0]![0]).toEqual([long])
    expect(box.value).toBe('')
  })
})
