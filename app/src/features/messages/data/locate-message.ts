// Where a message opened by its link (a search result, a permalink) sits in its channel: its seq,
// by its id, under RLS. A message the caller may not read looks exactly like one that does not
// exist. The live channel then opens there (LiveChannel.openAt).
import { supabase } from '../../../lib/supabase.ts'

/**
 * focusId: the message shown highlighted in the channel (a thread reply's parent, for a reply
 * kept in its thread), seq its place; reply: that reply, which its thread opens at.
 */
export type Located =
  { found: false } | { found: true; seq: number; focusId: string; reply?: string }

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

export async function locateMessage(channelId: string, messageId: string): Promise<Located> {
  let place = await placeOf(channelId, messageId)
  let reply: string | undefined
  // A reply kept in its thread has no place in the channel: its thread's parent stands for it.
  if (place && !place.in_channel && place.parent_id) {
    reply = place.id
    place = await placeOf(channelId, place.parent_id)
  }
  if (!place || place.seq === null) return { found: false }
  return { found: true, seq: Number(place.seq), focusId: place.id, ...(reply ? { reply } : {}) }
}
