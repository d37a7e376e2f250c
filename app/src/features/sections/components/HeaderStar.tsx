// The star in the channel header (header-part.tsx), as Slack's: pressed while the channel is in
// my Starred section; a press stars or unstars it (calls.ts: at once in the sidebar, live on my
// other devices). Only for a channel or DM of mine that the sidebar shows.
import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Icon } from '../../../ui/Icon.tsx'
import type { HeaderPartProps } from '../../../slots/header.ts'
import { placeChannel } from '../data/calls.ts'
import { useSectionRows } from '../data/layout.ts'
import './header-star.css'

export default function HeaderStar({ workspaceId, channelId, channels }: HeaderPartProps) {
  const client = useQueryClient()
  const rows = useSectionRows(workspaceId).data
  const channel = channels.find((c) => c.id === channelId)
  if (!channel || channel.archivedAt || !rows) return null
  const starred = rows.some(
    (r) => r.kind === 'starred' && r.sidebar_placements.some((p) => p.channel_id === channel.id)
  )
  const dm = channel.kind === 'dm'
  const label = starred
    ? dm
      ? t`Unstar conversation`
      : t`Unstar channel`
    : dm
      ? t`Star conversation`
      : t`Star channel`
  return (
    <button
      type="button"
      className="icon-button header-star"
      aria-pressed={starred}
      aria-label={label}
      title={label}
      onClick={() =>
        void placeChannel(
          client,
          workspaceId,
          channel.id,
          starred ? (dm ? 'dms' : 'channels') : 'starred',
          null
        )
      }
    >
      <Icon name="star" size={16} />
    </button>
  )
}
