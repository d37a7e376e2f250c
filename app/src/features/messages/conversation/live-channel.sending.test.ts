import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../../lib/local-store.ts'
import { settle } from './fake-transport.test-support.ts'
import { bodies, harness } from './harness.test-support.ts'
import { MAX_MESSAGE_LENGTH } from './validate.ts'

describe('LiveChannel: sending, failed, retry, outbox', () => {
  it('shows a send as pending at once and as a confirmed message after the server answers', async () => {
    const { channel, transport, server } = harness({ seed: 1 })
    channel.start()
    transport.connect()
    await settle()
    server.hold()
    const sent = channel.send('hello')
    expect(sent.ok).toBe(true)
    expect(channel.getSnapshot().pending.map((p) => [p.body, p.state])).toEqual([
      ['hello', 'sending'],
    ])
    server.release()
    await settle()
    expect(channel.getSnapshot().pending).toEqual([])
    expect(bodies(channel)).toEqual(['m1', 'hello'])
    expect(channel.getSnapshot().status).toBe('live')
  })

  it('refuses empty and oversized messages with a clear error and sends nothing', async () => {
    const { channel, server } = harness()
    channel.start()
    const empty = channel.send('   \n  ')
    const long = channel.send('x'.repeat(MAX_MESSAGE_LENGTH + 1))
    expect(empty).toEqual({ ok: false, error: 'Type a message or attach a file first.' })
    expect(long.ok).toBe(false)
    if (!long.ok) expect(long.error).toMatch(/limit is 40,000/)
    await settle()
    expect(server.sendCalls).toBe(0)
    expect(channel.getSnapshot().pending).toEqual([])
  })

  it('keeps sends made offline, in order, and delivers each once when back online', async () => {
    const { channel, transport, server, connectivity } = harness({ seed: 1 })
    channel.start()
    transport.connect()
    await settle()
    connectivity.set(false)
    server.down = true
    channel.send('one')
    channel.send('two')
    channel.send('three')
    await settle()
    expect(channel.getSnapshot().pending.map((p) => p.state)).toEqual([
      'waiting',
      'waiting',
      'waiting',
    ])
    expect(server.sendCalls).toBe(0)
    server.insert('from someone else while I was away')
    server.down = false
    connectivity.set(true)
    await settle()
    expect(bodies(channel)).toEqual([
      'm1',
      'from someone else while I was away',
      'one',
      'two',
      'three',
    ])
    expect(channel.getSnapshot().pending).toEqual([])
    expect(server.messages.map((m) => m.body)).toEqual(bodies(channel))
  })

  it('a network failure during a send waits and resends the same id on a timer', async () => {
    const { channel, transport, server, timers } = harness()
    channel.start()
    transport.connect()
    await settle()
    server.down = true
    channel.send('flaky')
    await settle()
    const [item] = channel.getSnapshot().pending
    expect(item?.state).toBe('waiting')
    expect(item?.error).toBe('Failed to fetch')
    server.down = false
    timers.runAll()
    await settle()
    expect(bodies(channel)).toEqual(['flaky'])
    expect(server.messages).toHaveLength(1)
    expect(server.messages[0]!.id).toBe(item!.id)
  })

  it('a send whose answer was lost is not doubled when resent', async () => {
    const { channel, transport, server } = harness()
    channel.start()
    transport.connect()
    await settle()
    // The server stored it but the client never heard back; the live event confirms it.
    const result = channel.send('once')
    const id = result.ok ? result.value : ''
    server.insert('once', 'me', id)
    await settle()
    channel.retry(id)
    await settle()
    expect(server.messages.filter((m) => m.id === id)).toHaveLength(1)
    expect(bodies(channel)).toEqual(['once'])
  })

  it('a refused send is marked failed with the reason and can be retried by hand', async () => {
    const { channel, transport, server } = harness()
    channel.start()
    transport.connect()
    await settle()
    server.refuseSends = 'You do not have permission to do that here.'
    channel.send('nope')
    await settle()
    const [failed] = channel.getSnapshot().pending
    expect(failed?.state).toBe('failed')
    expect(failed?.error).toBe('You do not have permission to do that here.')
    server.refuseSends = null
    channel.retry(failed!.id)
    await settle()
    expect(channel.getSnapshot().pending).toEqual([])
    expect(bodies(channel)).toEqual(['nope'])
  })

  it('unsent messages survive a reload through the outbox and are delivered then', async () => {
    const store = memoryStore()
    const first = harness({ store })
    first.channel.start()
    first.transport.connect()
    await settle()
    first.connectivity.set(false)
    first.channel.send('typed before the reload')
    first.channel.dispose()

    const { make, transport, server } = { ...first }
    const reloaded = make()
    expect(reloaded.getSnapshot().pending.map((p) => p.body)).toEqual(['typed before the reload'])
    first.connectivity.set(true)
    reloaded.start()
    transport.connect()
    await settle()
    expect(bodies(reloaded)).toEqual(['typed before the reload'])
    expect(server.messages).toHaveLength(1)
    expect(store.getItem('chorus.outbox.v1.me.c1')).toBeNull()
  })

  it('discarding a failed message removes it for good', async () => {
    const { channel, transport, server, store } = harness()
    channel.start()
    transport.connect()
    await settle()
    server.refuseSends = 'refused'
    channel.send('drop me')
    await settle()
    channel.discard(channel.getSnapshot().pending[0]!.id)
    expect(channel.getSnapshot().pending).toEqual([])
    expect(store.getItem('chorus.outbox.v1.me.c1')).toBeNull()
  })

  it('edits and deletes optimistically and reverts when the server refuses', async () => {
    const { channel, transport, server } = harness()
    channel.start()
    transport.connect()
    await settle()
    const mine = server.insert('original', 'me', 'mine')
    transport.pushMessage(mine)
    const ok = await channel.edit('mine', 'changed')
    expect(ok.ok).toBe(true)
    expect(channel.getSnapshot().messages[0]!.body).toBe('changed')
    expect(channel.getSnapshot().messages[0]!.editedAt).not.toBeNull()

    server.down = true
    const failed = await channel.remove('mine')
    expect(failed.ok).toBe(false)
    expect(channel.getSnapshot().messages[0]!.deletedAt).toBeNull()
  })

  it('toggles a reaction on and off and reverts a refused toggle', async () => {
    const { channel, transport, server } = harness({ seed: 1 })
    channel.start()
    transport.connect()
    await settle()
    const id = server.messages[0]!.id
    await channel.toggleReaction(id, '🎉')
    expect(channel.getSnapshot().messages[0]!.reactions).toMatchObject([
      { emoji: '🎉', userId: 'me' },
    ])
    server.down = true
    const result = await channel.toggleReaction(id, '🎉')
    expect(result.ok).toBe(false)
    expect(channel.getSnapshot().messages[0]!.reactions).toMatchObject([
      { emoji: '🎉', userId: 'me' },
    ])
  })

  it('a send confirmed before the first page arrives is not wiped by that page', async () => {
    const { channel, transport, server } = harness({ seed: 2 })
    let open = () => {}
    transport.latestGate = new Promise((resolve) => (open = resolve))
    // The realtime join has not happened yet, so no catch-up would bring the message back.
    channel.start()
    channel.send('quick')
    await settle()
    expect(server.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'quick'])
    open()
    await settle()
    expect(bodies(channel)).toEqual(['m1', 'm2', 'quick'])
    transport.connect()
    await settle()
    expect(bodies(channel)).toEqual(['m1', 'm2', 'quick'])
    expect(channel.getSnapshot().status).toBe('live')
  })
})
