// The sidebar's "All unreads" count: unread messages in the channels I have not muted, from the
// sidebar's own channel list (no query of its own). A chunk loaded a moment after the first
// screen (slots/view.ts).
import { plural } from '@lingui/core/macro'
import type { ViewCountProps } from '../../../slots/view.ts'
import { useChannelsQuery } from '../../channels/index.ts'
import { unreadChannels } from '../data/unreads.ts'

export default function UnreadsCount({ workspaceId, link }: ViewCountProps) {
  const channels = useChannelsQuery(workspaceId)
  const unread = unreadChannels(channels.data ?? []).reduce((sum, c) => sum + c.unread, 0)
  return link(
    unread,
    plural(unread, { one: 'All unreads, # message', other: 'All unreads, # messages' })
  )
}
