// A conversation opened at one message (a search result, a permalink) is the live channel: the
// pages around it, live events applied to what it holds, newer pages until it joins the newest
// messages (then exactly the usual channel), and back to the newest at once.
import { describe, expect, it } from 'vitest'
import { settle } from './fake-transport.test-support.ts'
import { harness, seqs } from './harness.test-support.ts'
import { jumpToLatest, loadNewer, openAt } from './open-at.ts'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** A channel of 200 messages, live at its newest, then opened at seq 50 (page size 10). */
async function openedAt50() {
  const h = harness({ seed: 200 })
  h.channel.start()
  h.transport.connect()
  await settle()
  openAt(h.channel, 50)
  await settle()
  return h
}

describe('LiveChannel opened at a message', () => {
  it('holds the pages around it, live, with older and newer ones still to load', async () => {
    const { channel } = await openedAt50()
    expect(seqs(channel)).toEqual(range(41, 60))
    const snap = channel.getSnapshot()
    expect(snap.status).toBe('live')
    expect(snap.hasOlder).toBe(true)
    expect(snap.hasNewer).toBe(true)
    expect(snap.loaded).toBe(true)
  })

  it('applies edits, deletions and reactions to what it holds, and shows nothing beyond it', async () => {
    const { channel, transport, server } = await openedAt50()
    const target = server.messages[49]!
    transport.pushMessage({ ...target, body: 'edited by someone', editedAt: target.createdAt })
    transport.push({
      kind: 'reaction-added',
      messageId: target.id,
      reaction: { id: 'r1', emoji: '🎉', userId: 'someone' },
    })
    const deleted = server.messages[51]!
    transport.pushMessage({ ...deleted, deletedAt: deleted.createdAt })
    // Someone's new message and an edit far above: not held, so not shown as a hole.
    transport.pushMessage(server.insert('brand new'))
    transport.pushMessage({ ...server.messages[4]!, body: 'old edit' })

    const snap = channel.getSnapshot()
    expect(seqs(channel)).toEqual(range(41, 60))
    const byId = new Map(snap.messages.map((m) => [m.id, m]))
    expect(byId.get(target.id)!.body).toBe('edited by someone')
    expect(byId.get(target.id)!.reactions.map((r) => r.emoji)).toEqual(['🎉'])
    expect(byId.get(deleted.id)!.deletedAt).not.toBeNull()
    expect(snap.status).toBe('live')
  })

  it('pages newer until it joins the newest messages: then the usual channel, nothing lost or doubled', async () => {
    const { channel, transport, server } = await openedAt50()
    transport.pushMessage(server.insert('sent while away from the end'))
    for (let i = 0; i < 30 && channel.getSnapshot().hasNewer; i++) {
      loadNewer(channel)
      await settle()
    }
    const snap = channel.getSnapshot()
    expect(snap.hasNewer).toBe(false)
    expect(seqs(channel)).toEqual(range(41, 201))
    expect(snap.status).toBe('live')

    // From here, exactly the normal channel: a live message appends.
    transport.pushMessage(server.insert('after joining'))
    expect(seqs(channel)).toEqual(range(41, 202))
    expect(channel.getSnapshot().messages.at(-1)!.body).toBe('after joining')
  })

  it('a message whose event came during the joining page is fetched by the catch-up that follows', async () => {
    const h = harness({ seed: 30 })
    h.channel.start()
    h.transport.connect()
    await settle()
    openAt(h.channel, 5)
    await settle()
    expect(seqs(h.channel)).toEqual(range(1, 15))

    loadNewer(h.channel)
    await settle()
    expect(seqs(h.channel)).toEqual(range(1, 25))
    // The joining page answers with the server as it was; a message sent right after it is
    // announced before that answer is applied, and ignored then (beyond the window): the
    // catch-up after joining must bring it.
    const after = h.transport.after.bind(h.transport)
    h.transport.after = async (afterSeq, limit) => {
      const page = await after(afterSeq, limit)
      h.transport.after = after
      h.transport.pushMessage(h.server.insert('raced the page'))
      return page
    }
    loadNewer(h.channel)
    await settle()
    expect(h.channel.getSnapshot().hasNewer).toBe(false)
    expect(seqs(h.channel)).toEqual(range(1, 31))
    expect(h.channel.getSnapshot().status).toBe('live')
  })

  it('older pages load above it as in the usual channel', async () => {
    const { channel } = await openedAt50()
    await channel.loadOlder()
    expect(seqs(channel)).toEqual(range(31, 60))
  })

  it('jumps back to the newest messages, dropping a page asked for the old window', async () => {
    const { channel, server } = await openedAt50()
    server.hold()
    loadNewer(channel)
    jumpToLatest(channel)
    server.release()
    await settle()
    expect(seqs(channel)).toEqual(range(191, 200))
    const snap = channel.getSnapshot()
    expect(snap.hasNewer).toBe(false)
    expect(snap.hasOlder).toBe(true)
    expect(snap.status).toBe('live')
  })

  it('a second openAt replaces the first, whose late answer is dropped', async () => {
    const { channel, server } = await openedAt50()
    server.hold()
    openAt(channel, 120)
    openAt(channel, 150)
    expect(channel.getSnapshot().loaded).toBe(false)
    server.release()
    await settle()
    expect(seqs(channel)).toEqual(range(141, 160))
  })

  it('my message sent while opened there shows at the newest end, once, after the jump', async () => {
    const { channel, server } = await openedAt50()
    const sent = channel.send('mine')
    expect(sent.ok).toBe(true)
    await settle()
    expect(server.messages.at(-1)!.body).toBe('mine')
    expect(channel.getSnapshot().pending).toEqual([])
    expect(seqs(channel)).toEqual(range(41, 60))
    jumpToLatest(channel)
    await settle()
    expect(channel.getSnapshot().messages.filter((m) => m.body === 'mine')).toHaveLength(1)
    expect(seqs(channel).at(-1)).toBe(201)
  })

  it('after a disconnection, re-reads what it holds and stays where it is', async () => {
    const { channel, transport, server } = await openedAt50()
    transport.disconnect()
    server.messages[54]!.body = 'edited while away'
    server.insert('new while away')
    transport.connect()
    expect(channel.getSnapshot().status).toBe('catching-up')
    await settle()
    expect(seqs(channel)).toEqual(range(41, 60))
    expect(channel.getSnapshot().messages.find((m) => m.seq === 55)!.body).toBe('edited while away')
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('a message among the newest opens the usual channel at once', async () => {
    const { channel, transport, server } = harness({ seed: 30 })
    channel.start()
    transport.connect()
    await settle()
    openAt(channel, 25)
    await settle()
    expect(seqs(channel)).toEqual(range(16, 30))
    expect(channel.getSnapshot().hasNewer).toBe(false)
    transport.pushMessage(server.insert('next'))
    expect(seqs(channel).at(-1)).toBe(31)
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('opened before the first page, it loads around the message only; a failure is retried', async () => {
    const { channel, transport, server, timers } = harness({ seed: 100 })
    server.down = true
    channel.start()
    openAt(channel, 30)
    transport.connect()
    await settle()
    expect(channel.getSnapshot().loaded).toBe(false)
    expect(channel.getSnapshot().error).toBe('Failed to fetch')
    server.down = false
    timers.runAll()
    await settle()
    expect(seqs(channel)).toEqual(range(21, 40))
    expect(channel.getSnapshot().status).toBe('live')
  })
})
