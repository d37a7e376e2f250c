// What a push says: the JSON the service worker reads (app/src/offline/push.ts), made from one row
// of claim_push_batch. A message push names the sender and the place, carries the text unless the
// workspace hides it ("hide message content in notifications": the sender and the place only),
// the sender's avatar, the conversation's tag (one notification per conversation) with how many
// pushed messages of it are unread, and the permalink a click opens. The text is the body as one
// line (_shared/body-text.ts, as the app's notifications and the emails make it), mentions by
// the names given. A "read" push closes the
// conversation's notification; a "test" push says push works on the device.
import { bodyAsLine, namesFrom } from '../_shared/body-line.ts'

export interface PushItem {
  id: number
  kind: 'message' | 'read' | 'test'
  attempts: number
  subscription: { id: string; endpoint: string; p256dh: string; auth: string }
  workspace_id: string | null
  channel_id: string | null
  thread_id: string | null
  message_id: string | null
  seq: number | null
  workspace_name: string | null
  channel_name: string | null
  channel_kind: string | null
  author_name: string | null
  author_avatar_path: string | null
  hidden: boolean
  body: string | null
  count: number | null
}

export type PushPayload =
  | {
      type: 'message'
      title: string
      body: string
      icon: string
      tag: string
      count: number
      url: string
      workspaceId: string
      channelId: string
      threadId: string | null
      messageId: string
    }
  | { type: 'read'; tag: string }
  | { type: 'test'; title: string; body: string; icon: string; tag: string; url: string }

/** The tag of a conversation's notification: a channel's, or a thread's. */
export function tagOf(channelId: string, threadId: string | null): string {
  return threadId ? `chorus:t:${threadId}` : `chorus:c:${channelId}`
}

/** A message body as one line of plain text, mentions by the names given (else @someone), at
 * most 200 characters. */
export function plainText(body: string, names?: ReadonlyMap<string, string>): string {
  return bodyAsLine(body, namesFrom(names, 'someone'), 200)
}

export interface Places {
  /** Where the app opens, e.g. https://chat.example.com. */
  appUrl: string
  /** Storage's public address: https://project/storage/v1. */
  storageUrl: string
}

/** The push of one claimed row; `names`: the mentioned people's, by lower-case id. */
export function payloadOf(
  item: PushItem,
  places: Places,
  names?: ReadonlyMap<string, string>
): PushPayload {
  const icon = `${places.appUrl}/icons/icon-192.png`
  if (item.kind === 'test') {
    return {
      type: 'test',
      title: 'Chorus',
      body: 'Push notifications work on this device.',
      icon,
      tag: 'chorus:test',
      url: `${places.appUrl}/`,
    }
  }
  const channelId = item.channel_id ?? ''
  const tag = tagOf(channelId, item.thread_id)
  if (item.kind === 'read') return { type: 'read', tag }
  const author = item.author_name ?? 'Someone'
  const place =
    item.channel_kind === 'dm' ? 'a direct message' : `#${item.channel_name ?? 'a channel'}`
  const count = Math.max(1, item.count ?? 1)
  const where = item.thread_id ? `a thread in ${place}` : place
  const title = count > 1 ? `${count} new messages in ${where}` : `${author} in ${where}`
  const text =
    item.hidden || item.body === null ? 'New message' : plainText(item.body, names) || '…'
  const path = item.thread_id
    ? `/w/${item.workspace_id}/c/${channelId}/t/${item.thread_id}`
    : `/w/${item.workspace_id}/c/${channelId}/m/${item.message_id}`
  return {
    type: 'message',
    title,
    body: count > 1 ? `${author}: ${text}` : text,
    icon: item.author_avatar_path
      ? `${places.storageUrl}/render/image/public/avatars/${encodeURI(item.author_avatar_path)}` +
        '?width=192&height=192&resize=cover'
      : icon,
    tag,
    count,
    url: `${places.appUrl}${path}`,
    workspaceId: item.workspace_id ?? '',
    channelId,
    threadId: item.thread_id,
    messageId: item.message_id ?? '',
  }
}
