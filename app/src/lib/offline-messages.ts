// The latest messages of a channel, kept per person (offline-cache.ts) while its live channel
// runs, and handed to the next live channel of that channel to show until its first page
// arrives: a reload offline shows the conversation as it was.
import { deferredWrite } from './deferred-write.ts'
import { CACHED_MESSAGES, readCachedMessages, writeCachedMessages } from './offline-cache.ts'

/** The part of a live channel this needs (a LiveChannel). */
export interface CacheableChannel<M> {
  subscribe(listener: () => void): () => void
  /** hasNewer: opened at a message, so these are not the latest (kept from the cache). */
  getSnapshot(): { loaded: boolean; messages: M[]; hasNewer?: boolean }
}

const WRITE_DELAY_MS = 1000

export function cachedMessages<M>(userId: string, channelId: string): M[] {
  return readCachedMessages<M>(userId, channelId)
}

/**
 * Writes the channel's latest messages while they change, once it has loaded from the server
 * (not while it shows older ones around a message opened by its link). `written`: told the
 * messages kept (the message screen keeps their bodies' parsed trees). `workspaceId`: the
 * channel's, kept with them (losing the workspace loses them: lost-channels.ts).
 */
export function keepMessagesCached<M>(
  channel: CacheableChannel<M>,
  userId: string,
  channelId: string,
  written?: (messages: M[]) => void,
  workspaceId?: string
): () => void {
  let last: M[] | null = null
  const writer = deferredWrite(() => {
    const { loaded, messages, hasNewer } = channel.getSnapshot()
    if (!loaded || hasNewer || messages === last) return
    last = messages
    writeCachedMessages(userId, channelId, messages, workspaceId)
    written?.(messages.slice(-CACHED_MESSAGES))
  }, WRITE_DELAY_MS)
  const unsubscribe = channel.subscribe(writer.schedule)
  return () => {
    unsubscribe()
    writer.stop()
  }
}
