import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../../lib/local-store.ts'
import type { KeyValueStore } from '../../../lib/local-store.ts'
import { LiveChannel } from './live-channel.ts'
import { Outbox } from './outbox.ts'
import {
  FakeConnectivity,
  FakeServer,
  FakeTransport,
  ManualTimers,
  settle,
} from './fake-transport.test-support.ts'
import { bodies, seqs } from './harness.test-support.ts'
import type { Conversation, OutgoingMessage, ThreadSummary } from './types.ts'

class RecordingTransport extends FakeTransport {
  sent: OutgoingMessage[] = []
  override send(message: OutgoingMessage) {
    this.sent.push(message)
    return super.send(message)
  }
}

/** A conversation over its own fake server (a thread's server numbers its replies). */
function open(
  conversation: Conversation,
  store: KeyValueStore,
  connectivity = new FakeConnectivity()
) {
  const server = new FakeServer('c1')
  const transport = new RecordingTransport(server)
  let ids = 0
  const make = () =>
    new LiveChannel({
      channelId: 'c1',
      conversation,
      userId: 'me',
      transport,
      outbox: new Outbox(store, 'me'),
      connectivity,
      timers: new ManualTimers(),
      newId: () => `local-${++ids}`,
      pageSize: 10,
    })
  return { server, transport, connectivity, make, live: make() }
}

const thread: Conversation = { kind: 'thread', threadId: 'p1' }

const summary = (replyCount: number): ThreadSummary => ({
  threadId: 'p1',
  replyCount,
  lastSeq: replyCount,
  lastReplyAt: '2026-11-23T06:00:00.000Z',
  lastRepliers: ['someone'],
})

describe('LiveChannel: a thread is a conversation of its own', () => {
  it('keeps unsent replies in the thread’s own outbox, apart from the channel’s, across a reload', async () => {
    const store = memoryStore()
    const connectivity = new FakeConnectivity()
    const replies = open(thread, store, connectivity)
    const channel = open({ kind: 'channel' }, store, connectivity)
    connectivity.set(false)
    replies.server.down = true
    replies.live.start()
    channel.live.start()
    replies.live.send('first reply')
    replies.live.send('second reply', [], undefined, true)
    await settle()
    expect(replies.live.getSnapshot().pending.map((p) => p.body)).toEqual([
      'first reply',
      'second reply',
    ])
    expect(channel.live.getSnapshot().pending).toEqual([])
    replies.live.dispose()

    // Reloaded: the thread finds both, sends each once, the second still "also to the channel".
    const again = replies.make()
    again.start()
    expect(again.getSnapshot().pending.map((p) => p.body)).toEqual(['first reply', 'second reply'])
    replies.server.down = false
    connectivity.set(true)
    replies.transport.connect()
    await settle()
    expect(bodies(again)).toEqual(['first reply', 'second reply'])
    expect(replies.server.messages.map((m) => m.body)).toEqual(['first reply', 'second reply'])
    expect(replies.transport.sent.map((m) => m.inChannel ?? false)).toEqual([false, true])
    expect(again.getSnapshot().pending).toEqual([])
  })

  it('catches up on the replies made while it was disconnected, each once, in order', async () => {
    const { live, server, transport } = open(thread, memoryStore())
    server.seed(2)
    live.start()
    transport.connect()
    await settle()
    transport.disconnect()
    server.insert('while away 1')
    server.insert('while away 2')
    // A live event of the first arrives late, after the reconnect: it is not doubled.
    transport.connect()
    transport.pushMessage(server.messages[2]!)
    await settle()
    expect(seqs(live)).toEqual([1, 2, 3, 4])
    expect(bodies(live)).toEqual(['m1', 'm2', 'while away 1', 'while away 2'])
    expect(live.getSnapshot().status).toBe('live')
  })

  it('asks for what it missed when a reply skips a thread number', async () => {
    const { live, server, transport } = open(thread, memoryStore())
    server.seed(1)
    live.start()
    transport.connect()
    await settle()
    server.insert('missed')
    const third = server.insert('seen live')
    transport.pushMessage(third)
    await settle()
    expect(bodies(live)).toEqual(['m1', 'missed', 'seen live'])
  })
})

describe('LiveChannel: thread summaries in the channel', () => {
  it('shows a parent’s summary as it changes and keeps it through the parent’s edits', async () => {
    const { live, server, transport } = open({ kind: 'channel' }, memoryStore())
    const parent = server.insert('a question', 'someone', 'p1')
    live.start()
    transport.connect()
    await settle()
    transport.push({ kind: 'thread', summary: summary(1) })
    expect(live.getSnapshot().messages[0]?.thread).toEqual(summary(1))
    transport.push({ kind: 'thread', summary: summary(2) })
    transport.pushMessage({ ...parent, body: 'a better question', editedAt: parent.createdAt })
    const [shown] = live.getSnapshot().messages
    expect(shown?.body).toBe('a better question')
    expect(shown?.thread).toEqual(summary(2))
  })

  it('ignores the summary of a message it does not hold', async () => {
    const { live, server, transport } = open({ kind: 'channel' }, memoryStore())
    server.seed(1)
    live.start()
    transport.connect()
    await settle()
    const before = live.getSnapshot()
    transport.push({ kind: 'thread', summary: { ...summary(1), threadId: 'elsewhere' } })
    expect(live.getSnapshot()).toBe(before)
  })
})
