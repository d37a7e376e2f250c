import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { useRef } from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { chatMessage, testPeople, testThread } from '../../../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../conversation/types.ts'
import type { MessageExtension } from '../../../slots/message.ts'
import type { RowPlace } from '../../../slots/message.ts'
import type { Row } from './rows.ts'
import { useRowRenderer } from './use-row-renderer.tsx'

const people = testPeople

const thread = testThread

function message(id: string, authorId: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessage({
    id,
    seq: Number(id.slice(1)),
    authorId,
    body: `body of ${id}`,
    reactions: [{ id: 'r1', emoji: '👍', userId: 'ann' }],
    thread: null,
    ...extra,
  })
}

const standard: Row[] = [
  {
    kind: 'divider',
    key: 'divider-new',
    divider: { id: 'new', afterSeq: 0, label: 'Fresh', className: 'new-marker' },
  },
  { kind: 'message', key: 'm1', message: message('m1', 'me'), grouped: false },
  { kind: 'message', key: 'm2', message: message('m2', 'ann', { thread }), grouped: false },
]

// A feature of the slot, as the rows see it: an action with a key (only its key read-only),
// something above and below the text (below also under a tombstone), told where the row is.
function probe(run: (id: string) => void): MessageExtension {
  return {
    id: 'probe',
    actions: (m, { readOnly }) => [
      {
        id: 'poke',
        label: 'Poke',
        icon: 'pin',
        run: () => run(m.id),
        order: 45,
        key: 'p',
        keyOnly: readOnly,
      },
    ],
    aboveBody: (m, { capabilities }) => (
      <span>
        above {m.id} in {capabilities.place ?? 'channel'}
      </span>
    ),
    belowBody: (m) => (m.thread ? <button type="button">under {m.id}</button> : null),
  }
}

function Rows(props: {
  readOnly: boolean
  place?: RowPlace
  rows?: Row[]
  focusId?: string
  extensions?: MessageExtension[]
}) {
  const rows = props.rows ?? standard
  const composerRef = useRef<HTMLTextAreaElement | null>(null)
  const { renderRow } = useRowRenderer({
    live: null,
    messages: rows.flatMap((r) => (r.kind === 'message' ? [r.message] : [])),
    people,
    isAdmin: false,
    place: props.place,
    composerRef,
    localUrls: new Map(),
    readOnly: props.readOnly,
    focusId: props.focusId ?? null,
    extensions: props.extensions,
  })
  return (
    <div>
      {rows.map((row) => (
        <div key={row.key}>{renderRow(row)}</div>
      ))}
    </div>
  )
}

const article = (text: string) =>
  screen.getByText(`body of ${text}`).closest('article') as HTMLElement

afterEach(cleanup)

// jsdom has <dialog> without its modal methods (the action sheet opens as one). The sheet is a
// lazy chunk: loaded here first, so opening it waits on nothing but React.
beforeAll(async () => {
  await Promise.all([
    import('./MessageToolbar.tsx'),
    import('./ActionSheet.tsx'),
    import('./EditBox.tsx'),
  ])
})

describe('useRowRenderer', () => {
  it("shows a feature's line as text (no role: the feed owns articles only), and the core's actions on my message", async () => {
    render(<Rows readOnly={false} />)
    const line = screen.getByText('Fresh').parentElement!
    expect(line.className).toBe('new-marker')
    expect(line.getAttribute('role')).toBeNull()
    fireEvent.pointerEnter(article('m1'))
    const mine = within(article('m1'))
    for (const name of ['Add reaction', 'Copy link', 'Edit message', 'Delete message']) {
      expect(await mine.findByRole('button', { name })).toBeTruthy()
    }
    fireEvent.keyDown(article('m1'), { key: 'e' })
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy()
  })

  it("shows a feature's parts and runs its action by the sheet and by its key", async () => {
    const run = vi.fn()
    render(<Rows readOnly={false} place="thread" extensions={[probe(run)]} />)
    expect(within(article('m1')).getByText('above m1 in thread')).toBeTruthy()
    expect(within(article('m2')).getByRole('button', { name: 'under m2' })).toBeTruthy()
    expect(within(article('m1')).queryByRole('button', { name: 'under m1' })).toBeNull()
    fireEvent.keyDown(article('m1'), { key: 'p' })
    expect(run).toHaveBeenCalledWith('m1')
    fireEvent.click(within(article('m2')).getByRole('button', { name: 'More actions' }))
    const sheet = await screen.findByRole('dialog', { name: 'Ann: body of m2' })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Poke' }))
    expect(run).toHaveBeenCalledWith('m2')
  })

  it('read-only (an archived channel): nothing changes a message; a key-only action still runs', async () => {
    const run = vi.fn()
    render(<Rows readOnly extensions={[probe(run)]} />)
    for (const text of ['m1', 'm2']) fireEvent.focus(article(text))
    // The engaged rows' toolbars (a lazy chunk, loaded above) are there once Copy link is.
    expect(await within(article('m1')).findByRole('button', { name: 'Copy link' })).toBeTruthy()
    for (const name of ['Add reaction', 'Edit message', 'Delete message', 'Poke']) {
      expect(screen.queryByRole('button', { name })).toBeNull()
    }
    expect(within(article('m1')).getByText('above m1 in channel')).toBeTruthy()
    const reaction = within(article('m1')).getByRole('button', { name: '👍 by Ann' })
    expect((reaction as HTMLButtonElement).disabled).toBe(true)
    fireEvent.keyDown(article('m1'), { key: 'e' })
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    fireEvent.keyDown(article('m1'), { key: 'p' })
    expect(run).toHaveBeenCalledWith('m1')
  })

  it('highlights the linked message', () => {
    render(<Rows readOnly={false} focusId="m2" />)
    expect(article('m2').getAttribute('aria-current')).toBe('true')
    expect(article('m2').classList.contains('message-focused')).toBe(true)
    expect(article('m1').getAttribute('aria-current')).toBeNull()
  })

  it('keeps focus on my message when the server confirms it, and not on one I left', () => {
    const pending = (id: string): Row => ({
      kind: 'pending',
      key: id,
      pending: {
        id,
        channelId: 'c1',
        body: `body of ${id}`,
        attachments: [],
        authorId: 'me',
        createdAt: '2026-01-10T10:00:00Z',
        state: 'sending',
        error: null,
        attempts: 1,
      },
      grouped: false,
    })
    const sent = (id: string): Row => ({
      kind: 'message',
      key: id,
      message: message(id, 'me'),
      grouped: false,
    })
    const { rerender } = render(<Rows readOnly={false} rows={[pending('m3'), pending('m4')]} />)
    article('m3').focus()
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Your message, Sending…')
    rerender(<Rows readOnly={false} rows={[sent('m3'), pending('m4')]} />)
    expect(document.activeElement).toBe(article('m3'))
    expect(article('m3').dataset.messageId).toBe('m3')
    // Focus elsewhere: the next one confirmed does not take it.
    rerender(<Rows readOnly={false} rows={[sent('m3'), sent('m4')]} />)
    expect(document.activeElement).toBe(article('m3'))
  })

  it('keeps what hangs under a deleted message: "This message was deleted." with the features\' part', () => {
    const deleted = message('m2', 'ann', { thread, body: '', deletedAt: '2026-01-10T10:00:00Z' })
    render(
      <Rows
        readOnly={false}
        extensions={[probe(vi.fn())]}
        rows={[{ kind: 'message', key: 'm2', message: deleted, grouped: false }]}
      />
    )
    const tombstone = screen.getByRole('article', { name: 'Deleted message from Ann' })
    expect(within(tombstone).getByText('This message was deleted.')).toBeTruthy()
    expect(within(tombstone).getByRole('button', { name: 'under m2' })).toBeTruthy()
    expect(within(tombstone).queryByText('above m2 in channel')).toBeNull()
  })
})
