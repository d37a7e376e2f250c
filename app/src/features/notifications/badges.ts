// The badges, all the first screen needs of notifications (pure): a channel's in the sidebar, a
// workspace's on the rail.
import type { ChannelKind } from './rules.ts'

/** What a channel shows in the sidebar: a red count (mentions, or every unread of a DM), bold. */
export interface Badge {
  count: number
  bold: boolean
}

/** A channel's badge from its unread and mention counts; a muted channel shows nothing. */
export function badgeOf(channel: {
  kind: ChannelKind
  unread: number
  mentions: number
  muted?: boolean
}): Badge {
  if (channel.muted || channel.unread <= 0) return { count: 0, bold: false }
  const count = channel.kind === 'dm' ? channel.unread : Math.min(channel.mentions, channel.unread)
  return { count, bold: true }
}

/** A workspace's badge from its channels' (the rail): the red counts added, bold if any is. */
export function sumBadges(badges: Iterable<Badge>): Badge {
  let count = 0
  let bold = false
  for (const b of badges) {
    count += b.count
    bold ||= b.bold
  }
  return { count, bold }
}
