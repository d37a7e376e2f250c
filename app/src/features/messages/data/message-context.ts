// A window of a channel around one message (a search result or a permalink), apart from the
// live channel: the message's place (seq) by its id, under RLS, then the pages before and
// after it. A message the caller may not read looks exactly like one that does not exist.
import { supabase } from '../../../lib/supabase.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { fetchPage } from './pages.ts'

export const CONTEXT_PAGE = 25

/**
 * focusId: the message shown highlighted (a thread reply's parent, for a reply kept in its
 * thread); reply: that reply, which its thread opens at.
 */
export type AroundResult =
  | { found: false }
  | { found: true; messages: ChatMessage[]; seq: number; focusId: string; reply?: string }

async function placeOf(channelId: string, messageId: string) {
  const { data, error } = await supabase()
    .from('messages')
    .select('id, seq, in_channel, parent_id')
    .eq('id', messageId)
    .eq('channel_id', channelId)
    .maybeSingle()
  // Not a uuid (a mangled link) is no such message too.
  if (error?.code === '22P02') return null
  if (error) throw error
  return data
}

export async function fetchAround(channelId: string, messageId: string): Promise<AroundResult> {
  let place = await placeOf(channelId, messageId)
  let reply: string | undefined
  // A reply kept in its thread has no place in the channel: its thread's parent stands for it.
  if (place && !place.in_channel && place.parent_id) {
    reply = place.id
    place = await placeOf(channelId, place.parent_id)
  }
  if (!place) return { found: false }
  const seq = Number(place.seq)
  const [before, after] = await Promise.all([
    fetchPage(channelId, { before: seq + 1, limit: CONTEXT_PAGE }),
    fetchPage(channelId, { after: seq, limit: CONTEXT_PAGE }),
  ])
  const messages = [...before, ...after]
  return { found: true, messages, seq, focusId: place.id, ...(reply ? { reply } : {}) }
}

export function fetchOlder(channelId: string, beforeSeq: number): Promise<ChatMessage[]> {
  return fetchPage(channelId, { before: beforeSeq, limit: CONTEXT_PAGE * 2 })
}

export function fetchNewer(channelId: string, afterSeq: number): Promise<ChatMessage[]> {
  return fetchPage(channelId, { after: afterSeq, limit: CONTEXT_PAGE * 2 })
}
