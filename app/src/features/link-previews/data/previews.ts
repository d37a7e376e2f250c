// The link previews of the open channels (public.link_previews, readable by their members), for
// the cards (a lazy chunk): one store per channel while rows of it are on screen, holding the
// previews of the messages shown, asked for in batches, then every change as it arrives on the
// channel's live topic (added, filled in by the server, removed by the author, gone with its
// message or link). Each (re)join fetches again what is on screen and was asked for before the
// topic last told anything (lib/live-catch-up.ts), so nothing that changed before the join or
// during a drop is missed.
import { useEffect, useSyncExternalStore } from 'react'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { askedBefore } from '../../../lib/live-catch-up.ts'
import { supabase } from '../../../lib/supabase.ts'
import { previewOf, shownPreviews } from './preview.ts'
import type { LinkPreview } from './preview.ts'

const COLUMNS =
  'id, message_id, position, url, status, title, description, site_name, image_path, image_width, image_height, removed_by_author'

/** At most this many message ids per request. */
const BATCH = 100
/** A channel's store outlives its last row on screen this long (scrolling back and forth). */
const KEEP_MS = 30_000

async function fetchPreviews(messageIds: string[]): Promise<LinkPreview[]> {
  const { data, error } = await supabase()
    .from('link_previews')
    .select(COLUMNS)
    .in('message_id', messageIds)
  if (error) throw error
  return data.flatMap((row) => previewOf(row as Record<string, unknown>) ?? [])
}

interface ChannelStore {
  /** Every row known, by id. */
  rows: Map<string, LinkPreview>
  /** Counts the live changes; `changed` holds, by row id, the count at its last one. */
  changes: number
  changed: Map<string, number>
  /** The previews shown, by message id (a new map on every change). */
  shown: ReadonlyMap<string, LinkPreview[]>
  /** Messages asked for, with when (the page's clock). */
  asked: Map<string, number>
  queued: string[]
  listeners: Set<() => void>
  users: number
  stop: () => void
  release?: ReturnType<typeof setTimeout>
}

const stores = new Map<string, ChannelStore>()

function publish(store: ChannelStore): void {
  const byMessage = new Map<string, LinkPreview[]>()
  for (const row of store.rows.values()) {
    byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row])
  }
  store.shown = new Map([...byMessage].map(([id, rows]) => [id, shownPreviews(rows)]))
  for (const listener of store.listeners) listener()
}

/**
 * Fetches the messages' previews; `fresh`: what the server says replaces what is known. A row
 * that changed live while the request was on its way keeps its live state, which is newer than
 * the request's snapshot (the server filling in a preview just as a row comes on screen).
 */
async function load(store: ChannelStore, ids: string[], fresh: boolean): Promise<void> {
  for (let at = 0; at < ids.length; at += BATCH) {
    const batch = ids.slice(at, at + BATCH)
    const since = store.changes
    let found: LinkPreview[]
    try {
      found = await fetchPreviews(batch)
    } catch {
      // Asked again at the next (re)join; the messages themselves still show.
      continue
    }
    mergeFetched(store, { messageIds: batch, found, since, fresh })
  }
  publish(store)
}

/** Merges what a request that set off at change `since` found (see load). */
export function mergeFetched(
  store: Pick<ChannelStore, 'rows' | 'changed'>,
  fetched: {
    messageIds: readonly string[]
    found: readonly LinkPreview[]
    since: number
    fresh: boolean
  }
): void {
  const changedSince = (id: string) => (store.changed.get(id) ?? -1) >= fetched.since
  if (fetched.fresh) {
    const messages = new Set(fetched.messageIds)
    for (const [id, row] of store.rows) {
      if (messages.has(row.messageId) && !changedSince(id)) store.rows.delete(id)
    }
  }
  for (const row of fetched.found) {
    if (changedSince(row.id)) continue
    if (fetched.fresh || !store.rows.has(row.id)) store.rows.set(row.id, row)
  }
}

function storeOf(channelId: string): ChannelStore {
  let store = stores.get(channelId)
  if (store) return store
  const created: ChannelStore = {
    rows: new Map(),
    changes: 0,
    changed: new Map(),
    shown: new Map(),
    asked: new Map(),
    queued: [],
    listeners: new Set(),
    users: 0,
    stop: () => {},
  }
  const topic = liveTopic.channel(channelId)
  created.stop = subscribeLive(topic, {
    onChange: (change) => {
      if (change.table !== 'link_previews') return
      const row = previewOf(change.record)
      if (!row) return
      created.changed.set(row.id, created.changes)
      created.changes += 1
      if (change.operation === 'DELETE') created.rows.delete(row.id)
      else created.rows.set(row.id, row)
      publish(created)
    },
    onJoined: (joined) => {
      const again = joined ? askedBefore(created.asked, topic) : []
      if (again.length > 0) void load(created, again, true)
    },
  })
  stores.set(channelId, created)
  store = created
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
    void load(store, ids, false)
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

const NONE: LinkPreview[] = []

/** The previews a message shows now (ready, kept, in link order), live. */
export function useMessagePreviews(channelId: string, messageId: string): LinkPreview[] {
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
    () => stores.get(channelId)?.shown.get(messageId) ?? NONE
  )
}
