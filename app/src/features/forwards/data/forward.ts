// A forward as the app shows it (pure; the row is public.message_forwards): the snapshot of what
// was shared (its files too, which its readers may download through it), and where its "View
// message" link goes.
import type { Attachment } from '../../../slots/message.ts'

export interface Forward {
  /** The forward's own message. */
  id: string
  channelId: string
  workspaceId: string
  sourceMessageId: string | null
  sourceChannelId: string | null
  sourceChannelKind: 'public' | 'private' | 'dm'
  /** A public channel's name when it was shared (a private channel's is never shared). */
  sourceChannelName: string | null
  /** A reply's thread. */
  sourceParentId: string | null
  sourceAuthorId: string | null
  sourceAuthorName: string | null
  sourceCreatedAt: string
  body: string
  /** The original's files when it was shared. */
  files: Attachment[]
}

const count = (value: unknown) => (typeof value === 'number' ? value : null)

/** The files of a snapshot (json from REST or a live event). */
export function filesOf(value: unknown, messageId: string): Attachment[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((f: unknown) => {
    if (typeof f !== 'object' || f === null) return []
    const { id, path, name, size, mime_type } = f as Record<string, unknown>
    if (typeof path !== 'string' || typeof name !== 'string') return []
    return [
      {
        id: typeof id === 'string' ? id : path,
        messageId,
        path,
        name,
        size: count(size) ?? 0,
        mime: typeof mime_type === 'string' ? mime_type : 'application/octet-stream',
        width: count((f as Record<string, unknown>).width),
        height: count((f as Record<string, unknown>).height),
      },
    ]
  })
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/** A row of message_forwards (from REST or a live event), or null if it is not one. */
export function forwardOf(row: Record<string, unknown>): Forward | null {
  const { id, channel_id, workspace_id, source_channel_kind, source_created_at, body } = row
  if (
    typeof id !== 'string' ||
    typeof channel_id !== 'string' ||
    typeof workspace_id !== 'string' ||
    typeof source_created_at !== 'string' ||
    (source_channel_kind !== 'public' &&
      source_channel_kind !== 'private' &&
      source_channel_kind !== 'dm')
  ) {
    return null
  }
  return {
    id,
    channelId: channel_id,
    workspaceId: workspace_id,
    sourceMessageId: text(row.source_message_id),
    sourceChannelId: text(row.source_channel_id),
    sourceChannelKind: source_channel_kind,
    sourceChannelName: text(row.source_channel_name),
    sourceParentId: text(row.source_parent_id),
    sourceAuthorId: text(row.source_author_id),
    sourceAuthorName: text(row.source_author_name),
    sourceCreatedAt: source_created_at,
    body: typeof body === 'string' ? body : '',
    files: filesOf(row.files, id),
  }
}

/** Where "View message" opens the original: its place in its channel, or its thread. */
export function originalPath(forward: Forward): string | null {
  const { workspaceId, sourceChannelId, sourceMessageId, sourceParentId } = forward
  if (!sourceChannelId || !sourceMessageId) return null
  const channel = `/w/${workspaceId}/c/${sourceChannelId}`
  return sourceParentId ? `${channel}/t/${sourceParentId}` : `${channel}/m/${sourceMessageId}`
}

/** Whether I may open the original's channel: I am in it, or it is public and I may browse. */
export function mayOpenOriginal(
  forward: Forward,
  myChannelIds: { has: (id: string) => boolean },
  mayBrowsePublic: boolean
): boolean {
  if (!forward.sourceChannelId || !forward.sourceMessageId) return false
  if (myChannelIds.has(forward.sourceChannelId)) return true
  return forward.sourceChannelKind === 'public' && mayBrowsePublic
}
