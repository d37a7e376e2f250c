// "Mark unread": the caller's read position moves back to just before a message (mark_unread);
// the sidebar follows from the read position's change on my user topic, on every device.
import { rpcOne } from '../../../lib/rpc.ts'

/** Returns the read position after the move (the seq before the message's). */
export async function markUnread(messageId: string): Promise<number> {
  return Number(await rpcOne('mark_unread', { p_message_id: messageId }))
}
