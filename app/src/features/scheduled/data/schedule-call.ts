// Scheduling a message (the send button's chunk): one RPC, no query hooks.
import { rpcOne } from '../../../lib/rpc.ts'
import type { SendMenuFile } from '../../../slots/composer.ts'

export interface ScheduleInput {
  id: string
  channelId: string
  parentId?: string
  inChannel?: boolean
  body: string
  files: SendMenuFile[]
  sendAt: Date
}

export async function scheduleMessage(input: ScheduleInput): Promise<void> {
  await rpcOne('schedule_message', {
    p_id: input.id,
    p_channel_id: input.channelId,
    p_body: input.body,
    p_send_at: input.sendAt.toISOString(),
    p_attachments: input.files.map((f) => ({
      path: f.path,
      name: f.name,
      width: f.width,
      height: f.height,
    })),
    ...(input.parentId
      ? { p_parent_id: input.parentId, p_in_channel: input.inChannel ?? false }
      : {}),
  })
}
