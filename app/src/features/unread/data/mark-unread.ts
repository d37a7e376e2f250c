// "Mark unread": the caller's read position moves back to just before a message (mark_unread);
// the sidebar follows from the read position's change on my user topic, on every device. In a
// thread, a reply moves my position in that thread instead (mark_thread_unread), also a reply
// that was sent to the channel too.
import { rpcOne } from '../../../lib/rpc.ts'

/** Returns the read position after the move (the seq before the message's). */
export async function markUnread(messageId: string): Promise<number> {
  return Number(await rpcOne('mark_unread', { p_message_id: messageId }))
}

/** Returns my read position in the reply's thread after the move (the thread_seq before its). */
export async function markThreadUnread(replyId: string): Promise<number> {
  return Number(await rpcOne('mark_thread_unread', { p_message_id: replyId }))
}
