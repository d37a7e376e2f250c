// Making a poll (create_poll): a message of the channel (or a reply in a thread) that carries it, its id made here so a
// retried request makes it once.
import { rpcOne } from '../../../lib/rpc.ts'

export interface NewPoll {
  id: string
  channelId: string
  question: string
  options: string[]
  multiple: boolean
  anonymous: boolean
  endsAt: Date | null
  /** The thread it replies in (null: the channel), and whether it goes to the channel too. */
  parentId?: string | null
  alsoToChannel?: boolean
}

export async function createPoll(poll: NewPoll): Promise<void> {
  await rpcOne('create_poll', {
    p_id: poll.id,
    p_channel_id: poll.channelId,
    p_question: poll.question,
    p_options: poll.options,
    p_multiple: poll.multiple,
    p_anonymous: poll.anonymous,
    ...(poll.endsAt ? { p_ends_at: poll.endsAt.toISOString() } : {}),
    ...(poll.parentId
      ? { p_parent_id: poll.parentId, p_in_channel: poll.alsoToChannel ?? false }
      : {}),
  })
}
