// Before a message that mentions @channel, @here, @everyone or a group goes out, the composer
// asks the database how many people it would notify (mention_reach): above the workspace's
// threshold it asks the writer first, as Mattermost and Slack do. Loaded only when such a message
// is sent (a chunk of its own). Refusals the message would meet (only admins may notify everyone,
// @everyone outside general) are shown before sending; when the question cannot be asked
// (offline, an older server), the message goes as it would have: the database still decides.
import { cleanError } from '../../../lib/clean-error.ts'
import { errorCode } from '../../../lib/error-codes.ts'
import type { ErrorCode } from '../../../lib/error-codes.ts'
import { supabase } from '../../../lib/supabase.ts'

export type ReachAnswer =
  { kind: 'send' } | { kind: 'ask'; reach: number } | { kind: 'refused'; message: string }

/** What mention_reach refuses that sending the message would meet too. */
const REFUSALS = new Set<string>([
  'broadcast_mention_admins_only',
  'everyone_mention_outside_general',
  'mention_group_not_in_workspace',
  'message_too_long',
  'not_channel_member',
] satisfies ErrorCode[])

export async function mentionReach(channelId: string, body: string): Promise<ReachAnswer> {
  let answer
  try {
    answer = await supabase().rpc('mention_reach', { p_channel_id: channelId, p_body: body })
  } catch {
    return { kind: 'send' }
  }
  const { data, error } = answer
  if (error) {
    if (!REFUSALS.has(errorCode(error) ?? '')) return { kind: 'send' }
    return { kind: 'refused', message: cleanError(error) }
  }
  const row = data[0]
  if (!row || row.warn_over === null || row.reach <= row.warn_over) return { kind: 'send' }
  return { kind: 'ask', reach: row.reach }
}
