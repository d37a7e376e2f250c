import { describe, expect, it } from 'vitest'
import { settle } from './fake-transport.test-support.ts'
import { harness, seqs } from './harness.test-support.ts'
import { LiveChannel } from './live-channel.ts'
import { Outbox } from './outbox.ts'

describe('a live channel opened offline with cached messages', () => {
  it('shows them until the first page replaces them, then sends what waited once', async () => {
    const h = harness({ seed: 12 })
    h.server.down = true
    h.connectivity.set(false)
    // What the cache held: messages 3..8 as they were then (8 was edited since).
    const cached = h.server.messages.slice(2, 8).map((m) => ({ ...m, body: `old ${m.body}` }))
    const channel = new LiveChannel({
      channelId: 'c1',
      userId: 'me',
      transport: h.transport,
      outbox: new Outbox(h.store, 'me'),
      connectivity: h.connectivity,
      timers: h.timers,
      newId: (() => {
        let n = 0
        return () => `local-${++n}`
      })(),
      pageSize: 10,
      cached,
    })
    channel.start()
    await settle()
    expect(seqs(channel)).toEqual([3, 4, 5, 6, 7, 8])
    expect(channel.getSnapshot().status).toBe('offline')
    expect(channel.getSnapshot().loaded).toBe(false)
    // Older pages wait for the first one: nothing is asked (and nothing fails) meanwhile.
    await channel.loadOlder()
    expect(channel.getSnapshot().olderError).toBeNull()
    expect(seqs(channel)).toEqual([3, 4, 5, 6, 7, 8])

    channel.send('written offline')
    await settle()
    expect(channel.getSnapshot().pending.map((p) => p.body)).toEqual(['written offline'])
    expect(h.server.sendCalls).toBe(0)

    h.server.down = false
    h.connectivity.set(true)
    h.transport.connect()
    await settle()
    h.timers.runAll()
    await settle()
    const snap = channel.getSnapshot()
    expect(snap.status).toBe('live')
    // The newest page (m3..m12) replaced the cached copies, then the send confirmed.
    expect(snap.messages.map((m) => m.body)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `m${i + 3}`),
      'written offline',
    ])
    expect(snap.messages.some((m) => m.body.startsWith('old'))).toBe(false)
    expect(h.server.messages.filter((m) => m.body === 'written offline')).toHaveLength(1)
    expect(snap.pending).toEqual([])
  })
})
