// Threads in the message slot, drawn by the message screen's row renderer.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { useRef } from 'react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { chatMessage, testPeople, testThread } from '../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../slots/message.ts'
import type { RowPlace } from '../slots/message.ts'
import type { Row } from './messages/components/rows.ts'
import { useRowRenderer } from './messages/components/use-row-renderer.tsx'
import { loadToolbar } from './messages/components/MessageActions.tsx'
import { threadActions, threadOf, threadParts } from './threads/message-extension.tsx'

const people = testPeople

const thread = testThread

function message(id: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessage({
    id,
    seq: Number(id.slice(1)),
    body: `body of ${id}`,
    thread: null,
    ...extra,
  })
}

describe('threadOf / threadActions (pure)', () => {
  it("opens a message's own thread, or a reply's parent's, from the channel's list only", () => {
    expect(threadOf(message('m1'), { me: 'me', readOnly: false })).toBe('m1')
    expect(threadOf(message('m3', { parentId: 'm2' }), { me: 'me', readOnly: false })).toBe('m2')
    expect(threadOf(message('m1'), { me: 'me', readOnly: false, place: 'thread' })).toBeNull()
  })

  it('read-only: only a thread that exists, and by its key alone', () => {
    const open = vi.fn()
    const caps = { me: 'me', readOnly: true }
    expect(threadActions(open)(message('m1'), caps)).toEqual([])
    const [action] = threadActions(open)(message('m2', { thread }), caps)
    expect(action).toMatchObject({ id: 'reply', key: 't', keyOnly: true })
    action?.run()
    expect(open).toHaveBeenCalledWith('m2')
    const [live] = threadActions(open)(message('m2'), { me: 'me', readOnly: false })
    expect(live).toMatchObject({
      label: 'Reply in thread',
      inToolbar: true,
      keyOnly: false,
      order: 20,
    })
  })
})

function Rows(props: {
  rows: Row[]
  open: (id: string) => void
  readOnly?: boolean
  place?: RowPlace
}) {
  const composerRef = useRef<HTMLTextAreaElement | null>(null)
  const { renderRow } = useRowRenderer({
    live: null,
    messages: props.rows.flatMap((r) => (r.kind === 'message' ? [r.message] : [])),
    people,
    isAdmin: false,
    place: props.place,
    composerRef,
    localUrls: new Map(),
    readOnly: props.readOnly ?? false,
    extensions: [threadParts(props.open)],
  })
  return (
    <div>
      {props.rows.map((row) => (
        <div key={row.key}>{renderRow(row)}</div>
      ))}
    </div>
  )
}

const row = (m: ChatMessage): Row => ({ kind: 'message', key: m.id, message: m, grouped: false })
const article = (id: string) => screen.getByText(`body of ${id}`).closest('article') as HTMLElement

// The rows draw the message toolbar (a chunk loaded after the first screen) once it is in.
beforeAll(() => loadToolbar())
afterEach(cleanup)

describe('threads in the rows', () => {
  it('"Reply in thread" and `t` open the thread; the summary under a parent too', () => {
    const open = vi.fn()
    render(<Rows open={open} rows={[row(message('m1')), row(message('m2', { thread }))]} />)
    fireEvent.focus(article('m1'))
    fireEvent.click(within(article('m1')).getByRole('button', { name: 'Reply in thread' }))
    expect(open).toHaveBeenLastCalledWith('m1')
    fireEvent.keyDown(article('m1'), { key: 't' })
    expect(open).toHaveBeenCalledTimes(2)
    expect(within(article('m1')).queryByRole('button', { name: /open the thread/ })).toBeNull()
    fireEvent.click(
      within(article('m2')).getByRole('button', { name: '2 replies, open the thread' })
    )
    expect(open).toHaveBeenLastCalledWith('m2')
  })

  it('a reply also sent to the channel says so and opens its parent’s thread', () => {
    const open = vi.fn()
    render(<Rows open={open} rows={[row(message('m3', { parentId: 'm2' }))]} />)
    fireEvent.click(screen.getByRole('button', { name: 'replied in a thread' }))
    expect(open).toHaveBeenCalledWith('m2')
  })

  it('inside a thread, nothing opens another', () => {
    render(
      <Rows
        open={vi.fn()}
        place="thread"
        rows={[row(message('m2', { thread })), row(message('m3', { parentId: 'm2' }))]}
      />
    )
    expect(screen.queryByRole('button', { name: 'Reply in thread' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'replied in a thread' })).toBeNull()
    expect(screen.queryByRole('button', { name: /open the thread/ })).toBeNull()
  })

  it('read-only: no "Reply in thread", but an existing thread opens (summary, `t`)', () => {
    const open = vi.fn()
    render(
      <Rows open={open} readOnly rows={[row(message('m1')), row(message('m2', { thread }))]} />
    )
    expect(screen.queryByRole('button', { name: 'Reply in thread' })).toBeNull()
    fireEvent.keyDown(article('m1'), { key: 't' })
    expect(open).not.toHaveBeenCalled()
    fireEvent.keyDown(article('m2'), { key: 't' })
    expect(open).toHaveBeenCalledWith('m2')
    fireEvent.click(screen.getByRole('button', { name: '2 replies, open the thread' }))
    expect(open).toHaveBeenCalledTimes(2)
  })

  it('keeps a deleted parent’s thread: "This message was deleted." with its summary', () => {
    const open = vi.fn()
    const deleted = message('m2', { thread, body: '', deletedAt: '2026-01-10T10:00:00Z' })
    render(<Rows open={open} rows={[row(deleted)]} />)
    const tombstone = screen.getByRole('article', { name: 'Deleted message from Ann' })
    expect(within(tombstone).getByText('This message was deleted.')).toBeTruthy()
    fireEvent.click(within(tombstone).getByRole('button', { name: '2 replies, open the thread' }))
    expect(open).toHaveBeenCalledWith('m2')
  })

  it('shows no summary for a thread with nothing in it yet', () => {
    const empty = { ...thread, replyCount: 0, lastSeq: 0, lastRepliers: [] }
    render(<Rows open={vi.fn()} rows={[row(message('m2', { thread: empty }))]} />)
    expect(screen.queryByRole('button', { name: /open the thread/ })).toBeNull()
  })
})
