// Forwarding (the dialog's chunk): for each destination, the original's files copied into the
// forward's own folder (Storage's copy, under its policies: the original must be readable, the
// destination writable), then forward_message, which takes exactly those copies and the snapshot.
// Each destination has its own message id, made once per dialog: sending again after a failure
// gives the forwards already made (a copy already there is kept), never a second one.
import { rpcOne } from '../../../lib/rpc.ts'
import { storage } from '../../../lib/supabase.ts'

export interface ForwardFile {
  path: string
}

export interface ForwardInput {
  /** The new message's id (the client's, kept for retries). */
  id: string
  workspaceId: string
  channelId: string
  messageId: string
  comment: string
  files: readonly ForwardFile[]
}

/** The copy's path: the original's file name in the forward's folder. */
export function copyPath(
  input: Pick<ForwardInput, 'id' | 'workspaceId' | 'channelId'>,
  path: string
) {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return `${input.workspaceId}/${input.channelId}/${input.id}/${name}`
}

function alreadyThere(error: { message?: string; statusCode?: string | number }): boolean {
  return String(error.statusCode ?? '') === '409' || /already exists/i.test(error.message ?? '')
}

export async function forwardTo(input: ForwardInput): Promise<void> {
  const bucket = (await storage()).from('attachments')
  for (const file of input.files) {
    const { error } = await bucket.copy(file.path, copyPath(input, file.path))
    if (error && !alreadyThere(error as { message?: string; statusCode?: string })) throw error
  }
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
