// A channel's retention in its details, when it is not forever: "Messages here are deleted
// after 90 days" (its own choice, else the workspace's). Nothing when kept forever.
import { useRetention } from '../data/retention.ts'
import { effectiveDays, keepLabel } from '../data/words.ts'

export interface Props {
  workspaceId: string
  channelId: string
}

export default function ChannelRetentionNote({ workspaceId, channelId }: Props) {
  const { data } = useRetention(workspaceId)
  if (!data) return null
  const days = effectiveDays(data.keepDays, data.channels.get(channelId))
  if (days === null) return null
  return (
    <p className="muted channel-retention" role="note">
      Messages and files here are deleted after {keepLabel(days).toLowerCase()}.
    </p>
  )
}
