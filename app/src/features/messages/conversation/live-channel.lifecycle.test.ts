import { describe, expect, it } from 'vitest'
import { settle } from './fake-transport.test-support.ts'
import { harness, seqs } from './harness.test-support.ts'

describe('LiveChannel: loading, live, reconnecting, resync', () => {
  it('shows the latest page at once, then becomes live only after the join and a catch-up', async () => {
    const { channel, transport, server } = harness({ seed: 25 })
    channel.start()
    expect(channel.getSnapshot().status).toBe('loading')
    await settle()
    expect(seqs(channel)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25])
    expect(channel.getSnapshot().hasOlder).toBe(true)
    expect(channel.getSnapshot().status).toBe('loading')

    // A message lands between the first fetch and the join: the catch-up must bring it.
    server.insert('between')
    transport.connect()
    expect(channel.getSnapshot().status).toBe('catching-up')
    await settle()
    expect(channel.getSnapshot().status).toBe('live')
    expect(seqs(channel).at(-1)).toBe(26)
  })

  it('an empty channel is loaded and live', async () => {
    const { channel, transport } = harness()
    channel.start()
    transport.connect()
    await settle()
    const snap = channel.getSnapshot()
    expect(snap.loaded).toBe(true)
    expect(snap.messages).toEqual([])
    expect(snap.hasOlder).toBe(false)
    expect(snap.status).toBe('live')
  })

  it('applies live messages in seq order and ignores a repeated event', async () => {
    const { channel, transport, server } = harness({ seed: 3 })
    channel.start()
    transport.connect()
    await settle()
    const m4 = server.insert('four')
    transport.pushMessage(m4)
    transport.pushMessage(m4)
    expect(seqs(channel)).toEqual([1, 2, 3, 4])
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('a skipped seq triggers a catch-up that fills the gap', async () => {
    const { channel, transport, server } = harness({ seed: 3 })
    channel.start()
    transport.connect()
    await settle()
    server.insert('four (its event is lost)')
    const m5 = server.insert('five')
    transport.pushMessage(m5)
    expect(channel.getSnapshot().status).toBe('catching-up')
    await settle()
    expect(seqs(channel)).toEqual([1, 2, 3, 4, 5])
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('reconnecting after a drop fetches everything missed before it is live again', async () => {
    const { channel, transport, server } = harness({ seed: 5, pageSize: 4 })
    channel.start()
    transport.connect()
    await settle()
    transport.disconnect()
    expect(channel.getSnapshot().status).toBe('reconnecting')
    for (let i = 0; i < 9; i++) server.insert(`missed ${i}`)
    transport.connect()
    expect(channel.getSnapshot().status).toBe('catching-up')
    await settle()
    expect(seqs(channel)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('a drop and a rejoin in the middle of a catch-up lose and double nothing', async () => {
    const { channel, transport, server } = harness({ seed: 3, pageSize: 2 })
    channel.start()
    transport.connect()
    await settle()
    transport.disconnect()
    for (let i = 0; i < 5; i++) server.insert(`missed ${i}`)
    server.hold()
    transport.connect() // the catch-up starts; its request waits
    transport.disconnect()
    server.insert('during the drop')
    transport.connect() // one more round once the running one ends
    expect(channel.getSnapshot().status).toBe('catching-up')
    server.release()
    await settle()
    expect(seqs(channel)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(new Set(channel.getSnapshot().messages.map((m) => m.id)).size).toBe(8)
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('a gap too long to replay reopens at the latest messages and pages older on demand', async () => {
    const { channel, transport, server } = harness({ seed: 2, pageSize: 3 })
    channel.start()
    transport.connect()
    await settle()
    transport.disconnect()
    for (let i = 0; i < 100; i++) server.insert(`missed ${i}`)
    transport.connect()
    await settle()
    expect(seqs(channel)).toEqual([100, 101, 102])
    expect(channel.getSnapshot().status).toBe('live')
    await channel.loadOlder()
    expect(seqs(channel)).toEqual([97, 98, 99, 100, 101, 102])
  })

  it('goes offline with the browser and catches up when the network returns', async () => {
    const { channel, transport, server, connectivity } = harness({ seed: 2 })
    channel.start()
    transport.connect()
    await settle()
    connectivity.set(false)
    expect(channel.getSnapshot().status).toBe('offline')
    server.insert('while away')
    connectivity.set(true)
    await settle()
    expect(seqs(channel)).toEqual([1, 2, 3])
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('a catch-up that fails on the network is retried on a timer', async () => {
    const { channel, transport, server, timers } = harness({ seed: 2 })
    channel.start()
    await settle()
    server.down = true
    server.insert('later')
    transport.connect()
    await settle()
    expect(channel.getSnapshot().status).toBe('catching-up')
    expect(timers.queue.size).toBeGreaterThan(0)
    server.down = false
    timers.runAll()
    await settle()
    expect(seqs(channel)).toEqual([1, 2, 3])
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('pages backwards by seq until the start of the channel', async () => {
    const { channel, transport } = harness({ seed: 12, pageSize: 5 })
    channel.start()
    transport.connect()
    await settle()
    expect(seqs(channel)).toEqual([8, 9, 10, 11, 12])
    await channel.loadOlder()
    await channel.loadOlder()
    expect(seqs(channel)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(channel.getSnapshot().hasOlder).toBe(false)
  })

  it('applies edits, deletes and reactions from live events in place', async () => {
    const { channel, transport, server } = harness({ seed: 2 })
    channel.start()
    transport.connect()
    await settle()
    const first = server.messages[0]!
    transport.push({
      kind: 'message',
      message: { ...first, body: 'edited', editedAt: '2026-01-02T00:00:00.000Z' },
    })
    const thumbs = { id: 'r1', emoji: '👍', userId: 'x' }
    transport.push({ kind: 'reaction-added', messageId: first.id, reaction: thumbs })
    transport.push({ kind: 'reaction-added', messageId: first.id, reaction: thumbs })
    const snap = channel.getSnapshot()
    expect(snap.messages[0]!.body).toBe('edited')
    expect(snap.messages[0]!.editedAt).not.toBeNull()
    expect(snap.messages[0]!.reactions).toEqual([thumbs])
    transport.push({ kind: 'reaction-removed', reactionId: 'r1' })
    expect(channel.getSnapshot().messages[0]!.reactions).toEqual([])
    expect(seqs(channel)).toEqual([1, 2])
  })

  it("adds and takes away a message's files from live events (a removal by an admin)", async () => {
    const { channel, transport, server } = harness({ seed: 1 })
    channel.start()
    transport.connect()
    await settle()
    const first = server.messages[0]!
    const file = {
      id: 'a1',
      messageId: first.id,
      path: 'w/c/m/f.txt',
      name: 'f.txt',
      size: 3,
      mime: 'text/plain',
      width: null,
      height: null,
    }
    transport.push({ kind: 'attachment', attachment: file })
    expect(channel.getSnapshot().messages[0]!.attachments).toEqual([file])
    transport.push({ kind: 'attachment-removed', messageId: first.id, attachmentId: 'elsewhere' })
    expect(channel.getSnapshot().messages[0]!.attachments).toEqual([file])
    transport.push({ kind: 'attachment-removed', messageId: first.id, attachmentId: 'a1' })
    expect(channel.getSnapshot().messages[0]!.attachments).toEqual([])
  })

  it('keeps the same snapshot object until something changes', async () => {
    const { channel, transport } = harness({ seed: 1 })
    channel.start()
    transport.connect()
    await settle()
    expect(channel.getSnapshot()).toBe(channel.getSnapshot())
  })

  it('after a disconnection, re-reads held messages for edits, deletes and reactions it missed', async () => {
    const { channel, transport, server } = harness({ seed: 3 })
    channel.start()
    transport.connect()
    await settle()
    transport.disconnect()
    server.messages[0]!.body = 'edited while away'
    server.messages[1]!.deletedAt = '2026-01-03T00:00:00.000Z'
    server.messages[2]!.reactions = [{ id: 'r9', emoji: '👀', userId: 'x' }]
    server.insert('new while away')
    transport.connect()
    await settle()
    const snap = channel.getSnapshot()
    expect(snap.messages.map((m) => m.body)).toEqual([
      'edited while away',
      'm2',
      'm3',
      'new while away',
    ])
    expect(snap.messages[1]!.deletedAt).not.toBeNull()
    expect(snap.messages[2]!.reactions).toEqual([{ id: 'r9', emoji: '👀', userId: 'x' }])
    expect(snap.status).toBe('live')
  })
})

describe('LiveChannel: the snapshot changes only when something changed', () => {
  it('keeps the same snapshot, and tells nobody, for events the machine ignores', async () => {
    const { channel, transport, server } = harness({ seed: 3 })
    let told = 0
    channel.subscribe(() => told++)
    channel.start()
    const loading = channel.getSnapshot()
    told = 0
    // Before the first page there is nothing older to load: a component asking again after
    // each render must not be answered with a new snapshot (and another render).
    for (let i = 0; i < 5; i++) void channel.loadOlder()
    expect(channel.getSnapshot()).toBe(loading)
    expect(told).toBe(0)

    transport.connect()
    await settle()
    const live = channel.getSnapshot()
    expect(live.status).toBe('live')
    told = 0
    const m4 = server.insert('four')
    transport.pushMessage(m4)
    expect(told).toBe(1)
    const withFour = channel.getSnapshot()
    expect(withFour).not.toBe(live)
    expect(seqs(channel).at(-1)).toBe(4)
  })
})
