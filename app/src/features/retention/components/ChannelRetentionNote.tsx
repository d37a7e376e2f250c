// A channel's retention in its details, when it is not forever: "Messages here are deleted
// after 90 days" (its own choice, else the workspace's). Nothing when kept forever.
import { plural } from '@lingui/core/macro'
import { useRetention } from '../data/retention.ts'
import { byPeriod, effectiveDays } from '../data/words.ts'

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
      {byPeriod(
        days,
        (years) =>
          plural(years, {
            one: 'Messages and files here are deleted after # year.',
            other: 'Messages and files here are deleted after # years.',
          }),
        (days) =>
          plural(days, {
            one: 'Messages and files here are deleted after # day.',
            other: 'Messages and files here are deleted after # days.',
          })
      )}
    </p>
  )
}
