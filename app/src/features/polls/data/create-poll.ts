// Making a poll (create_poll): a message of the channel that carries it, its id made here so a
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
  })
}
