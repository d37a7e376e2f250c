// The forwards of the open channels (public.message_forwards, readable by their members), for the
// cards (a lazy chunk): one store per channel while rows of it are on screen, holding the
// snapshots of the messages shown, asked for in batches; then what arrives on the channel's live
// topic: a forward's snapshot comes just before its message (forward_message writes it first),
// so a message that comes live without one is known not to be a forward and nothing is asked.
// Each (re)join asks again for what is on screen and was asked for before the topic last told
// anything (lib/live-catch-up.ts), so nothing missed during a drop stays missing.
import { useEffect, useSyncExternalStore } from 'react'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { askedBefore } from '../../../lib/live-catch-up.ts'
import { supabase } from '../../../lib/supabase.ts'
import { forwardOf } from './forward.ts'
import type { Forward } from './forward.ts'

/** At most this many message ids per request. */
const BATCH = 100
/** A channel's store outlives its last row on screen this long (scrolling back and forth). */
const KEEP_MS = 30_000

async function fetchForwards(messageIds: string[]): Promise<Forward[]> {
  const { data, error } = await supabase().from('message_forwards').select('*').in('id', messageIds)
  if (error) throw error
  return data.flatMap((row) => forwardOf(row as Record<string, unknown>) ?? [])
}

interface ChannelStore {
  /** The forwards known, by message id (a new map on every change). */
  rows: ReadonlyMap<string, Forward>
  /** Messages answered for (fetched, or seen live), with when (the page's clock). */
  asked: Map<string, number>
  queued: string[]
  listeners: Set<() => void>
  users: number
  stop: () => void
  release?: ReturnType<typeof setTimeout>
}

const stores = new Map<string, ChannelStore>()

function publish(store: ChannelStore, rows: Map<string, Forward>): void {
  store.rows = rows
  for (const listener of store.listeners) listener()
}

async function load(store: ChannelStore, ids: string[]): Promise<void> {
  for (let at = 0; at < ids.length; at += BATCH) {
    const batch = ids.slice(at, at + BATCH)
    let found: Forward[]
    try {
      found = await fetchForwards(batch)
    } catch {
      // Asked again at the next (re)join; the messages themselves still show.
      continue
    }
    if (found.length === 0) continue
    const rows = new Map(store.rows)
    for (const row of found) rows.set(row.id, row)
    publish(store, rows)
  }
}

function storeOf(channelId: string): ChannelStore {
  const known = stores.get(channelId)
  if (known) return known
  const store: ChannelStore = {
    rows: new Map(),
    asked: new Map(),
    queued: [],
    listeners: new Set(),
    users: 0,
    stop: () => {},
  }
  const topic = liveTopic.channel(channelId)
  store.stop = subscribeLive(topic, {
    onChange: ({ table, operation, record }) => {
      if (table === 'messages' && operation === 'INSERT' && typeof record.id === 'string') {
        store.asked.set(record.id, performance.now())
        return
      }
      if (table !== 'message_forwards') return
      const row = forwardOf(record)
      if (!row) return
      store.asked.set(row.id, performance.now())
      const rows = new Map(store.rows)
      if (operation === 'DELETE') rows.delete(row.id)
      else rows.set(row.id, row)
      publish(store, rows)
    },
    onJoined: (joined) => {
      const again = joined ? askedBefore(store.asked, topic) : []
      if (again.length > 0) void load(store, again)
    },
  })
  stores.set(channelId, store)
  return store
}

function want(store: ChannelStore, messageId: string): void {
  if (store.asked.has(messageId)) return
  store.asked.set(messageId, performance.now())
  store.queued.push(messageId)
  if (store.queued.length > 1) return
  queueMicrotask(() => {
    const ids = store.queued
    store.queued = []
    void load(store, ids)
  })
}

function use(channelId: string): () => void {
  const store = storeOf(channelId)
  clearTimeout(store.release)
  store.users += 1
  return () => {
    store.users -= 1
    if (store.users > 0) return
    store.release = setTimeout(() => {
      if (store.users > 0) return
      stores.delete(channelId)
      store.stop()
    }, KEEP_MS)
  }
}

/** The forward a message of the channel is, or null (not one, or not known yet), live. */
export function useForward(channelId: string, messageId: string): Forward | null {
  useEffect(() => {
    const done = use(channelId)
    want(storeOf(channelId), messageId)
    return done
  }, [channelId, messageId])
  return useSyncExternalStore(
    (listener) => {
      const store = storeOf(channelId)
      store.listeners.add(listener)
      return () => store.listeners.delete(listener)
    },
    () => stores.get(channelId)?.rows.get(messageId) ?? null
  )
}
