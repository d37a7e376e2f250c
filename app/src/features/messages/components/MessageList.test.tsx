import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { markFirstScreenShown } from '../../../lib/first-screen.ts'
import { MessageList } from './MessageList.tsx'
import { chatMessage } from '../../../slots/chat-message.test-support.ts'
import type { ChannelSnapshot, ChatMessage } from '../conversation/types.ts'
import type { Row } from './rows.ts'

// The browser's tasks, run when a test says: lib/tasks.ts asks scheduler.yield() for them.
const tasks: Array<() => void> = []
const browser = globalThis as { scheduler?: { yield(): Promise<void> } }

function holdTasks(): void {
  browser.scheduler = { yield: () => new Promise<void>((resolve) => tasks.push(resolve)) }
}

/** Runs the tasks asked for, and those they ask for, until none is left. */
async function runTasks(): Promise<void> {
  while (tasks.length > 0) {
    await act(async () => {
      for (const run of tasks.splice(0)) run()
    })
  }
}

/** Tasks come by themselves again. */
function releaseTasks(): void {
  delete browser.scheduler
  for (const run of tasks.splice(0)) run()
}

afterEach(() => {
  cleanup()
  releaseTasks()
})

const message = (seq: number): ChatMessage =>
  chatMessage({
    id: `m${seq}`,
    seq,
    authorId: 'a',
    body: `body ${seq}`,
    // Hours apart: no grouping, one day divider a day.
    createdAt: new Date(Date.UTC(2026, 0, 10, seq)).toISOString(),
    thread: null,
  })

const snapshot = (count: number): ChannelSnapshot => ({
  status: 'loading',
  error: null,
  messages: Array.from({ length: count }, (_, i) => message(i + 1)),
  pending: [],
  hasOlder: true,
  loadingOlder: false,
  olderError: null,
  hasNewer: false,
  loadingNewer: false,
  newerError: null,
  loaded: false,
})

function renderList(count: number) {
  return render(
    <MessageList
      snapshot={snapshot(count)}
      dividers={[]}
      onLoadOlder={() => {}}
      onAtBottomChange={() => {}}
      onEscape={() => {}}
      renderRow={(row: Row) =>
        row.kind === 'message' ? <p data-seq={row.message.seq}>{row.message.body}</p> : null
      }
      emptyState={<p>empty</p>}
      scrollToEndSignal={0}
    />
  )
}

describe('MessageList', () => {
  it('shows its newest rows in the page’s flow first, then hands them to the virtualizer', async () => {
    holdTasks()
    const { container } = renderList(20)
    // The first frame: the newest rows, in flow, nothing measured.
    const canvas = container.querySelector('.message-canvas')!
    expect(canvas.classList.contains('message-canvas-flow')).toBe(true)
    const seqs = [...container.querySelectorAll('[data-seq]')].map((el) =>
      el.getAttribute('data-seq')
    )
    expect(seqs).toEqual(['16', '17', '18', '19', '20'])
    expect(canvas.getAttribute('style')).toBeNull()
    // jsdom lays nothing out (the rows fill no height): the virtualizer would take over a task
    // later, but its code loads once the first screen is shown; the rows stay in flow until then,
    // however many tasks run.
    expect(tasks.length).toBeGreaterThan(0)
    await runTasks()
    expect(container.querySelector('.message-canvas-flow')).not.toBeNull()
    releaseTasks()
    act(() => markFirstScreenShown())
    // Then it takes over, the canvas sized by it.
    await waitFor(() => expect(container.querySelector('.message-canvas-flow')).toBeNull())
    expect(container.querySelector<HTMLElement>('.message-canvas')!.style.height).toMatch(/px$/)
  })

  it('offline, its kept rows are the first screen: the virtualizer loads and takes over', async () => {
    // A page whose first screen has not been shown yet (the other tests mark it).
    vi.resetModules()
    const { MessageList: FreshList } = await import('./MessageList.tsx')
    const { container } = render(
      <FreshList
        snapshot={{ ...snapshot(20), status: 'offline' }}
        dividers={[]}
        onLoadOlder={() => {}}
        onAtBottomChange={() => {}}
        onEscape={() => {}}
        renderRow={(row: Row) =>
          row.kind === 'message' ? <p data-seq={row.message.seq}>{row.message.body}</p> : null
        }
        emptyState={<p>empty</p>}
        scrollToEndSignal={0}
      />
    )
    await waitFor(() => expect(container.querySelector('.message-canvas-flow')).toBeNull())
  })

  it('shows every row in flow when there are fewer than a first frame’s worth', () => {
    const { container } = renderList(3)
    const seqs = [...container.querySelectorAll('[data-seq]')].map((el) =>
      el.getAttribute('data-seq')
    )
    expect(seqs).toEqual(['1', '2', '3'])
  })
})
