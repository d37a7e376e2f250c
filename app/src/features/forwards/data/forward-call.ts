// Forwarding (the dialog's chunk): one forward_message per destination, which writes the
// snapshot (the original's text and files) and the message. Each destination has its own message
// id, made once per dialog: sending again after a failure gives the forwards already made, never
// a second one.
import { rpcOne } from '../../../lib/rpc.ts'

export interface ForwardInput {
  /** The new message's id (the client's, kept for retries). */
  id: string
  channelId: string
  messageId: string
  comment: string
}

export async function forwardTo(input: ForwardInput): Promise<void> {
  await rpcOne('forward_message', {
    p_id: input.id,
    p_message_id: input.messageId,
    p_channel_id: input.channelId,
    p_comment: input.comment,
  })
}

/** A person's DM with me (opened if new); returns its channel. */
export async function dmWith(workspaceId: string, userId: string): Promise<string> {
  const row = await rpcOne('open_dm', { p_workspace_id: workspaceId, p_user_ids: [userId] })
  return row.id
}
