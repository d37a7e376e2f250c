// A public channel seen before joining it (public_channel_page(): read-only, its latest messages
// or those around one). Loaded with the preview.
import { useQuery } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'

export interface PeekMessage {
  id: string
  seq: number
  authorId: string | null
  appName: string | null
  body: string
  createdAt: string
  editedAt: string | null
  replyCount: number
  reactions: { emoji: string; count: number }[]
  files: { name: string; size: number; mimeType: string }[]
}

export interface Peek {
  channel: {
    id: string
    name: string
    topic: string
    archivedAt: string | null
    memberCount: number
    isMember: boolean
  }
  messages: PeekMessage[]
  /** False when the message asked for is not there (deleted, or never was). */
  found: boolean
}

interface PeekJson {
  channel: {
    id: string
    name: string
    topic: string | null
    archived_at: string | null
    member_count: number
    is_member: boolean
  }
  messages: {
    id: string
    seq: number
    author_id: string | null
    app_name: string | null
    body: string
    created_at: string
    edited_at: string | null
    reply_count: number
    reactions: { emoji: string; count: number }[]
    files: { name: string; size: number; mime_type: string }[]
  }[]
  found: boolean
}

/** The function's json in the app's shape (pure). */
export function toPeek(json: PeekJson): Peek {
  const c = json.channel
  return {
    channel: {
      id: c.id,
      name: c.name,
      topic: c.topic ?? '',
      archivedAt: c.archived_at,
      memberCount: Number(c.member_count),
      isMember: c.is_member,
    },
    messages: json.messages.map((m) => ({
      id: m.id,
      seq: Number(m.seq),
      authorId: m.author_id,
      appName: m.app_name,
      body: m.body,
      createdAt: m.created_at,
      editedAt: m.edited_at,
      replyCount: Number(m.reply_count),
      reactions: m.reactions,
      files: m.files.map((f) => ({ name: f.name, size: Number(f.size), mimeType: f.mime_type })),
    })),
    found: json.found,
  }
}

export const peekKey = (channelId: string, messageId: string | null) =>
  ['channel-peek', channelId, messageId] as const

export function usePeek(channelId: string, messageId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: peekKey(channelId, messageId),
    enabled,
    retry: false,
    queryFn: async () =>
      toPeek(
        (await rpcOne('public_channel_page', {
          p_channel_id: channelId,
          p_message_id: messageId ?? undefined,
        })) as unknown as PeekJson
      ),
  })
}
