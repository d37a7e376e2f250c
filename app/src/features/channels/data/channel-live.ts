// What arrives live, applied to the channel list's cache (channel-cache.ts hands each change
// here, in order; a chunk of its own, loaded with the Realtime client, as live events cannot come
// before it): a changed channel row (new messages move last_seq; renames, topics, archiving),
// the mentions of me among the new messages of a channel that is not open (counted from what
// the move says of them, else fetched: live-mentions.ts), and my membership's changes (joined:
// the event carries the channel's row; read: with my counts; level or mute set; left). Nothing
// is fetched but for a gap: a read of a channel the list does not hold, a new direct message
// (whose members the event does not carry). The channel browser's list takes the same rows.
import type { QueryClient } from '@tanstack/react-query'
import type { LiveOperation } from '../../../lib/live.ts'
import { rememberMove } from '../../../lib/message-summaries.ts'
import { patchLive } from '../../../lib/query-client.ts'
import type { ChannelRowChange, MembershipRecord } from './live-rows.ts'
import { fromRow } from './channels-query.ts'
import { channelKeys } from './keys.ts'
import { keepShownRead } from './shown-read.ts'
import { unreadOf } from './types.ts'
import type { Channel, ChannelRow } from './types.ts'

/** The list with the row applied, or null when the list does not hold that channel. */
export function applyChannelRow(list: Channel[], row: ChannelRowChange): Channel[] | null {
  const index = list.findIndex((c) => c.id === row.id)
  const c = list[index]
  if (!c) return null
  const changed: Channel = {
    ...c,
    lastSeq: row.last_seq === undefined ? c.lastSeq : Number(row.last_seq),
    name: row.name === undefined ? c.name : row.name,
    topic: row.topic === undefined ? c.topic : row.topic || null,
    archivedAt: row.archived_at === undefined ? c.archivedAt : row.archived_at,
    activeAt: row.last_message_at ?? c.activeAt,
  }
  changed.unread = unreadOf(changed)
  return list.map((x, i) => (i === index ? changed : x))
}

/**
 * Applies a changed channel row to the workspace's cached list (and the channel browser's);
 * false when the channel is unknown there. New messages in a channel of mine other than the open
 * one are looked at for mentions of me.
 */
export function patchChannelRow(
  queryClient: QueryClient,
  workspaceId: string,
  me: string,
  openChannelId: string | null,
  row: ChannelRowChange
): boolean {
  rememberMove(row)
  let known = false
  let from = 0
  let to = 0
  patchLive<Channel[]>(queryClient, channelKeys.list(workspaceId), (list) => {
    const before = list?.find((c) => c.id === row.id)
    const next = list && applyChannelRow(list, row)
    const after = next?.find((c) => c.id === row.id)
    known = !!next
    if (before?.isMember && after && after.lastSeq > before.lastSeq) {
      from = before.lastSeq
      to = after.lastSeq
    }
    return next ?? list
  })
  // Known or not to the browser's list: a public channel's new name or last_seq.
  if (queryClient.getQueryData(channelKeys.browse(workspaceId))) {
    queryClient.setQueryData<Channel[]>(
      channelKeys.browse(workspaceId),
      (list) => (list && applyChannelRow(list, row)) ?? list
    )
  }
  if (to > from && row.id !== openChannelId && me) {
    const move = { workspaceId, channelId: row.id, me, from, to }
    void import('./live-mentions.ts').then((m) => m.countNewMentions(queryClient, move))
  }
  return known
}

/** My channel_members row as my topic sends it, with my counts (not on a delete). */
const numberOr = (value: unknown, fallback: number): number =>
  value === undefined || value === null || Number.isNaN(Number(value)) ? fallback : Number(value)

/**
 * The list with my membership's change applied, or null when it cannot be (a read of a channel
 * the list does not hold, a new direct message, whose members the event does not carry).
 */
export function applyMembership(
  list: Channel[],
  operation: LiveOperation,
  record: MembershipRecord
): Channel[] | null {
  const index = list.findIndex((c) => c.id === record.channel_id)
  const c = list[index]
  if (operation === 'DELETE') return c ? list.filter((x) => x.id !== record.channel_id) : list
  if (!c) {
    const row = record.channel as unknown as ChannelRow | null | undefined
    if (operation !== 'INSERT' || !row || row.kind === 'dm') return null
    const added: Channel = {
      ...fromRow(row),
      isMember: true,
      lastReadSeq: numberOr(record.last_read_seq, 0),
      unread: 0,
      mentions: numberOr(record.mention_count, 0),
      muted: !!record.muted,
      notifyLevel: (record.notify_level ?? null) as Channel['notifyLevel'],
      dmMembers: [],
    }
    added.unread = unreadOf(added)
    return [...list, added]
  }
  const changed: Channel = {
    ...c,
    isMember: true,
    lastSeq: Math.max(c.lastSeq, numberOr(record.last_seq, c.lastSeq)),
    lastReadSeq: numberOr(record.last_read_seq, c.lastReadSeq),
    mentions: numberOr(record.mention_count, c.mentions),
    muted: record.muted === undefined ? c.muted : record.muted,
    notifyLevel:
      record.notify_level === undefined
        ? c.notifyLevel
        : ((record.notify_level ?? null) as Channel['notifyLevel']),
  }
  changed.unread = unreadOf(changed)
  // An event sent before this device's mark does not move the read position back.
  const kept = keepShownRead(changed)
  return list.map((x, i) => (i === index ? kept : x))
}

/** Applies the change to the cached list; false when it cannot be (the list is then fetched). */
export function patchMembership(
  queryClient: QueryClient,
  workspaceId: string,
  operation: LiveOperation,
  record: MembershipRecord
): boolean {
  const key = channelKeys.list(workspaceId)
  if (!queryClient.getQueryData(key)) return false
  let applied = true
  patchLive<Channel[]>(queryClient, key, (list) => {
    const next = list && applyMembership(list, operation, record)
    if (!next) applied = false
    return next ?? list
  })
  return applied
}
