import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../../lib/local-store.ts'
import { Outbox } from './outbox.ts'
import type { PendingMessage } from './types.ts'

const item = (over: Partial<PendingMessage> = {}): PendingMessage => ({
  id: 'p1',
  channelId: 'c1',
  authorId: 'me',
  body: 'hi',
  attachments: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  state: 'waiting',
  error: null,
  attempts: 0,
  ...over,
})

describe('Outbox', () => {
  it('keeps items per person and channel', () => {
    const store = memoryStore()
    new Outbox(store, 'me').save('c1', [item()])
    expect(new Outbox(store, 'me').load('c1')).toEqual([item()])
    expect(new Outbox(store, 'me').load('c2')).toEqual([])
    expect(new Outbox(store, 'someone-else').load('c1')).toEqual([])
  })

  it('turns a send that was in flight at reload time into a waiting one', () => {
    const store = memoryStore()
    new Outbox(store, 'me').save('c1', [
      item({ state: 'sending' }),
      item({ id: 'p2', state: 'failed' }),
    ])
    expect(new Outbox(store, 'me').load('c1').map((p) => p.state)).toEqual(['waiting', 'failed'])
  })

  it('survives corrupt storage and drops malformed items', () => {
    const store = memoryStore()
    store.setItem('chorus.outbox.v1.me.c1', '{not json')
    expect(new Outbox(store, 'me').load('c1')).toEqual([])
    store.setItem('chorus.outbox.v1.me.c1', JSON.stringify([{ id: 1 }, item()]))
    expect(new Outbox(store, 'me').load('c1')).toEqual([item()])
  })

  it('removes the key when empty', () => {
    const store = memoryStore()
    const outbox = new Outbox(store, 'me')
    outbox.save('c1', [item()])
    outbox.save('c1', [])
    expect(store.getItem('chorus.outbox.v1.me.c1')).toBeNull()
  })
})
