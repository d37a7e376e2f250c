import { t } from '@lingui/core/macro'
import type { Enums, Tables } from '../../../lib/database.types.ts'

export type ChannelKind = Enums<'channel_kind'>

export interface Channel {
  id: string
  workspaceId: string
  kind: ChannelKind
  name: string | null
  topic: string | null
  archivedAt: string | null
  lastSeq: number
  /** When it was last written in (or made, before any message): the sidebar's "most recent". */
  activeAt?: string | null
  isMember: boolean
  isDefault: boolean
  createdBy: string | null
  lastReadSeq: number
  unread: number
  mentions: number
  /** Muted by me: no bold, no badge, no alert (channel_members.muted). */
  muted?: boolean
  /** My level for the channel; null or absent: the default (channel_members.notify_level). */
  notifyLevel?: Enums<'notify_level'> | null
  /** For DMs: the other people in it (me alone for a note-to-self). */
  dmMembers: { id: string; displayName: string; avatarPath: string | null }[]
}

/** The columns of a channel the app reads (the channels table, or channel_list()'s rows). */
export type ChannelRow = Pick<
  Tables<'channels'>,
  | 'id'
  | 'workspace_id'
  | 'kind'
  | 'name'
  | 'topic'
  | 'is_default'
  | 'created_by'
  | 'archived_at'
  | 'last_seq'
  | 'last_message_at'
  | 'created_at'
>

export function unreadOf(channel: Channel): number {
  if (!channel.isMember) return 0
  return Math.max(0, channel.lastSeq - channel.lastReadSeq)
}

/** The name to show: the channel's name, or the other people of a DM. */
export function channelLabel(channel: Channel, me: string): string {
  if (channel.kind !== 'dm') return channel.name ?? t`unnamed`
  const others = channel.dmMembers.filter((m) => m.id !== me)
  if (others.length === 0) {
    const name = channel.dmMembers[0]?.displayName
    return name ? t`${name} (you)` : t`You`
  }
  return others.map((m) => m.displayName).join(', ')
}

/** Channel names as Slack has them: lower case, dashes for spaces, no leading #. */
export function normaliseChannelName(input: string): string {
  return input
    .trim()
    .replace(/^#+/, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\p{So}_.-]/gu, '')
    .replace(/-{2,}/g, '-')
    .slice(0, 80)
}

export function validateChannelName(input: string): string | null {
  const name = normaliseChannelName(input)
  if (!name) return t`Give the channel a name with at least one letter or digit.`
  return null
}
