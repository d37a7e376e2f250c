import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { useRef } from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ChatMessage, ThreadSummary } from '../conversation/types.ts'
import type { People } from '../people.ts'
import type { Row } from './rows.ts'
import { useRowRenderer } from './use-row-renderer.tsx'

const people: People = {
  me: 'me',
  nameOf: (id) => (id === 'me' ? 'Mia' : 'Ann'),
  avatarOf: () => null,
  resolveMention: () => null,
}

const thread: ThreadSummary = {
  threadId: 'm2',
  replyCount: 2,
  lastSeq: 2,
  lastReplyAt: '2026-01-10T09:05:00Z',
  lastRepliers: ['ann'],
}

function message(id: string, authorId: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    channelId: 'c',
    seq: Number(id.slice(1)),
    authorId,
    body: `body of ${id}`,
    createdAt: '2026-01-10T09:00:00Z',
    editedAt: null,
    deletedAt: null,
    reactions: [{ id: 'r1', emoji: '👍', userId: 'ann' }],
    attachments: [],
    thread: null,
    ...extra,
  }
}

const standard: Row[] = [
  { kind: 'new-marker', key: 'new-marker' },
  { kind: 'message', key: 'm1', message: message('m1', 'me'), grouped: false },
  { kind: 'message', key: 'm2', message: message('m2', 'ann', { thread }), grouped: false },
]

function Rows(props: {
  label: string
  readOnly: boolean
  openThread?: (id: string) => void
  rows?: Row[]
  focusId?: string
  markUnread?: (message: ChatMessage) => void
}) {
  const rows = props.rows ?? standard
  const composerRef = useRef<HTMLTextAreaElement | null>(null)
  const { renderRow } = useRowRenderer({
    live: null,
    messages: rows.flatMap((r) => (r.kind === 'message' ? [r.message] : [])),
    people,
    isAdmin: false,
    newMarkerLabel: props.label,
    openThread: props.openThread,
    composerRef,
    localUrls: new Map(),
    readOnly: props.readOnly,
    focusId: props.focusId ?? null,
    markUnread: props.markUnread,
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

// jsdom has <dialog> without its modal methods (the action sheet opens as one).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
})

describe('useRowRenderer', () => {
  it('labels the new line and offers every action on a channel message', () => {
    const openThread = vi.fn()
    render(<Rows label="New messages" readOnly={false} openThread={openThread} />)
    expect(screen.getByRole('separator', { name: 'New messages' })).toBeTruthy()
    const mine = within(article('m1'))
    for (const name of ['Reply in thread', 'Add reaction', 'Edit message', 'Delete message']) {
      expect(mine.getByRole('button', { name })).toBeTruthy()
    }
    fireEvent.click(mine.getByRole('button', { name: 'Reply in thread' }))
    expect(openThread).toHaveBeenCalledWith('m1')
    fireEvent.keyDown(article('m1'), { key: 'e' })
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
  })

  it('offers no thread action inside a thread', () => {
    render(<Rows label="New replies" readOnly={false} />)
    expect(screen.getByRole('separator', { name: 'New replies' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Reply in thread' })).toBeNull()
    expect(within(article('m1')).getByRole('button', { name: 'Edit message' })).toBeTruthy()
  })

  it('read-only (an archived channel): nothing changes a message; an existing thread opens', () => {
    const openThread = vi.fn()
    render(<Rows label="New messages" readOnly openThread={openThread} />)
    for (const name of ['Reply in thread', 'Add reaction', 'Edit message', 'Delete message']) {
      expect(screen.queryByRole('button', { name })).toBeNull()
    }
    expect(within(article('m1')).getByRole('button', { name: 'Copy link' })).toBeTruthy()
    const reaction = within(article('m1')).getByRole('button', { name: '👍 by Ann' })
    expect((reaction as HTMLButtonElement).disabled).toBe(true)
    fireEvent.keyDown(article('m1'), { key: 'e' })
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    fireEvent.keyDown(article('m1'), { key: 't' })
    expect(openThread).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: '2 replies, open the thread' }))
    expect(openThread).toHaveBeenCalledWith('m2')
  })

  it('highlights the linked message, and marks unread the one it is asked on (a reply in a thread)', async () => {
    const markUnread = vi.fn()
    render(<Rows label="New replies" readOnly={false} focusId="m2" markUnread={markUnread} />)
    expect(article('m2').getAttribute('aria-current')).toBe('true')
    expect(article('m2').classList.contains('message-focused')).toBe(true)
    expect(article('m1').getAttribute('aria-current')).toBeNull()
    fireEvent.click(within(article('m2')).getByRole('button', { name: 'More actions' }))
    const sheet = await screen.findByRole('dialog', { name: 'Ann: body of m2' })
    fireEvent.click(within(sheet).getByRole('button', { name: 'Mark unread' }))
    expect(markUnread).toHaveBeenCalledWith(expect.objectContaining({ id: 'm2' }))
  })

  it('keeps a deleted parent’s thread: "This message was deleted." with its summary', () => {
    const openThread = vi.fn()
    const deleted = message('m2', 'ann', { thread, body: '', deletedAt: '2026-01-10T10:00:00Z' })
    render(
      <Rows
        label="New messages"
        readOnly={false}
        openThread={openThread}
        rows={[{ kind: 'message', key: 'm2', message: deleted, grouped: false }]}
      />
    )
    const tombstone = screen.getByRole('article', { name: 'Deleted message from Ann' })
    expect(within(tombstone).getByText('This message was deleted.')).toBeTruthy()
    fireEvent.click(within(tombstone).getByRole('button', { name: '2 replies, open the thread' }))
    expect(openThread).toHaveBeenCalledWith('m2')
  })
})
