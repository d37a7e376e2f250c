// Saving and removing one message over supabase-js, outside a React hook: the one-click save
// (components/save-now.ts) calls these, then refreshes the saved queries itself.
import { rpcOne } from '../../../lib/rpc.ts'

export async function saveMessage(messageId: string, remindAt: string | null): Promise<void> {
  await rpcOne('save_message', {
    p_message_id: messageId,
    ...(remindAt ? { p_remind_at: remindAt } : {}),
  })
}

export async function unsaveMessage(messageId: string): Promise<void> {
  await rpcOne('unsave_message', { p_message_id: messageId })
}
