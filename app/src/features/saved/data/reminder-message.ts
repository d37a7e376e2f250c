// What a reminder's notification shows and opens: my saved item's message (its text) and its
// channel (name, kind, workspace). RLS shows only my own saved item and a message I can read.
import { supabase } from '../../../lib/supabase.ts'

export interface ReminderMessage {
  messageId: string
  channelId: string
  workspaceId: string
  channelName: string | null
  channelKind: string
  body: string
}

export async function fetchReminderMessage(messageId: string): Promise<ReminderMessage | null> {
  const { data, error } = await supabase()
    .from('saved_items')
    .select('message_id, channel_id, channels(workspace_id, name, kind), messages(body)')
    .eq('message_id', messageId)
    .maybeSingle()
  if (error) throw error
  if (!data?.channels) return null
  return {
    messageId: data.message_id,
    channelId: data.channel_id,
    workspaceId: data.channels.workspace_id,
    channelName: data.channels.name,
    channelKind: data.channels.kind,
    body: data.messages?.body ?? '',
  }
}
