// What an archive becomes in Chorus (pure: no I/O): its conversations as channel rows, and a day
// file's messages as the rows, reactions and files of one batch, with ids derived from the
// archive (../_shared/archive/ids.ts) so that a replayed batch doubles nothing.
import { idsFor } from '../_shared/archive/ids.ts'
import { chorusToChorus, mrkdwnToChorus } from '../_shared/slack/mrkdwn-archive.ts'
import { escapeMarkdown } from '../_shared/slack/mrkdwn-core.ts'
import type { MrkdwnContext } from '../_shared/slack/mrkdwn-archive.ts'
import type { Archive } from '../_shared/archive/read.ts'
import type {
  SlackConversation,
  SlackFile,
  SlackMessage,
  SlackShare,
} from '../_shared/archive/slack.ts'
import { tsTime } from '../_shared/archive/items.ts'
import type { ReportItem } from '../_shared/archive/zip.ts'
import { emojiOf } from '../_shared/slack/emoji.ts'

export const MAX_BODY = 40000
/** A message has at most 10 files in Chorus (the others are reported). */
const MAX_FILES = 10
/** A direct message has at most 9 people in Chorus; a bigger group DM becomes a private channel. */
const MAX_DM = 9

export interface ChannelRow {
  slack_id: string
  id: string
  kind: 'public' | 'private' | 'dm'
  name: string | null
  topic: string
  archived: boolean
  created_at: string | null
  created_by: string | null
  members: string[]
  /** Who may post (a Chorus export's announcement channel), its people mapped; null: everyone. */
  posting: { who: 'admins' | 'listed'; replies: boolean; people: string[] } | null
}

/** A shared message's snapshot (private.import_insert makes its message_forwards row). */
export interface ForwardRow {
  /** The source message's id when its conversation is in the archive (kept if it is there). */
  message_id: string | null
  channel_id: string | null
  channel_kind: 'public' | 'private' | 'dm'
  channel_name: string | null
  author_id: string | null
  author_name: string | null
  created_at: string
  body: string
}

export interface MessageRow {
  id: string
  channel_id: string
  author_id: string | null
  body: string
  parent_id: string | null
  in_channel: boolean
  created_at: string
  edited_at: string | null
  deleted: boolean
  /** The message it shares, as a forward. */
  forward?: ForwardRow
}

export interface FileToCopy {
  messageId: string
  channelId: string
  file: SlackFile
  dayFile: string
  index: number
}

export interface Batch {
  rows: MessageRow[]
  reactions: { message_id: string; user_id: string; emoji: string }[]
  files: FileToCopy[]
  report: ReportItem[]
}

export interface Maps {
  workspaceId: string
  /** Slack user id -> profile id. */
  people: Map<string, string>
  /** Slack conversation id -> Chorus channel id, name and kind. */
  channels: Map<string, { id: string; name: string; kind?: 'public' | 'private' | 'dm' }>
  /** Group handle (lowercase) -> group id. */
  groups: Map<string, string>
}

export function channelRows(
  archive: Archive,
  maps: Pick<Maps, 'workspaceId' | 'people'>
): ChannelRow[] {
  const ids = idsFor(maps.workspaceId)
  return archive.conversations.map((conversation) => {
    const members = [
      ...new Set(
        conversation.members
          .map((member) => maps.people.get(member))
          .filter((id): id is string => id !== undefined)
      ),
    ]
    const dm =
      conversation.kind === 'dm' || (conversation.kind === 'mpim' && members.length <= MAX_DM)
    return {
      slack_id: conversation.id,
      id: ids.channel(conversation.id),
      kind: dm ? 'dm' : conversation.kind === 'public' ? 'public' : 'private',
      name: dm ? null : (conversation.name ?? conversation.id).slice(0, 80),
      topic: (conversation.topic ?? conversation.purpose ?? '').slice(0, 250),
      archived: conversation.archived,
      created_at: conversation.created,
      created_by: conversation.creator ? (maps.people.get(conversation.creator) ?? null) : null,
      members,
      // Chorus's own setting, from its exports only; Slack's export has none.
      posting:
        archive.chorus && conversation.posting && !dm
          ? {
              ...conversation.posting,
              people: conversation.posting.people
                .map((person) => maps.people.get(person))
                .filter((id): id is string => id !== undefined),
            }
          : null,
    }
  })
}

function contextOf(archive: Archive, maps: Maps): MrkdwnContext {
  const names = new Map(archive.users.map((user) => [user.id, user.name]))
  return {
    workspaceId: maps.workspaceId,
    person: (id) => maps.people.get(id) ?? null,
    personName: (id) => names.get(id) ?? null,
    channel: (id) => maps.channels.get(id) ?? null,
    group: (handle) => maps.groups.get(handle.toLowerCase()) ?? null,
  }
}

/** A file's name as a Storage object name: no folders, no control characters. */
export function objectName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').trim()
  return (clean === '' || clean === '.' || clean === '..' ? 'file' : clean).slice(0, 200)
}

/** A shared message as a forward's snapshot. */
function forwardOf(
  share: SlackShare,
  maps: Maps,
  names: Map<string, string>,
  convert: (text: string) => string
): ForwardRow {
  const channel = share.channelId ? maps.channels.get(share.channelId) : undefined
  const ids = idsFor(maps.workspaceId)
  const kind = channel?.kind ?? 'private'
  return {
    message_id: channel && share.ts ? ids.message(share.channelId!, share.ts) : null,
    channel_id: channel?.id ?? null,
    channel_kind: kind,
    channel_name: kind === 'public' ? (channel?.name ?? null) : null,
    author_id: share.authorId ? (maps.people.get(share.authorId) ?? null) : null,
    author_name: (share.authorId && names.get(share.authorId)) || share.authorName,
    created_at: tsTime(share.ts!),
    body: convert(share.text).slice(0, MAX_BODY),
  }
}

/** A shared message as a quote under its author's name. */
function quoteOf(
  share: SlackShare,
  names: Map<string, string>,
  convert: (text: string) => string
): string {
  const who = (share.authorId && names.get(share.authorId)) || share.authorName || '?'
  const said = convert(share.text).trim().replace(/\n+/g, '\n> ')
  return `> **${escapeMarkdown(who)}**: ${said}`
}

/** One batch: `messages` (of one day file, oldest first) as rows for import_messages. */
export function batchOf(
  archive: Archive,
  maps: Maps,
  conversation: SlackConversation,
  dayFile: string,
  messages: SlackMessage[]
): Batch {
  const ids = idsFor(maps.workspaceId)
  const context = contextOf(archive, maps)
  const channel = maps.channels.get(conversation.id)
  const names = new Map(archive.users.map((user) => [user.id, user.name]))
  const batch: Batch = { rows: [], reactions: [], files: [], report: [] }
  if (!channel) return batch
  const sorted = [...messages].sort((a, b) => Number(a.ts) - Number(b.ts) || a.index - b.index)
  for (const message of sorted) {
    const id = ids.message(conversation.id, message.ts)
    const author = message.user ? (maps.people.get(message.user) ?? null) : null
    const convert = (text: string) =>
      archive.chorus
        ? chorusToChorus(text, context, archive.chorus.workspaceId)
        : mrkdwnToChorus(text, context)
    // An app's blocks say what its `text` only sums up (a poll's question and options).
    let body = convert(
      message.blocksText || [message.text, message.attachmentsText].filter(Boolean).join('\n')
    )
    // The first shared message with a time is a forward (its snapshot); any other is quoted.
    const shares = [...message.shares]
    const first = shares.findIndex((share) => share.ts !== null)
    const shared = first >= 0 ? shares.splice(first, 1)[0]! : null
    const forward = shared ? forwardOf(shared, maps, names, convert) : undefined
    for (const share of shares) body = `${body}\n\n${quoteOf(share, names, convert)}`.trim()
    // A bot, or someone the import could not make a person of: their name leads the text (a
    // message the archive names no author for stays as it is, authorless).
    const who =
      author !== null || message.deleted
        ? null
        : message.user === null
          ? message.botName && `${message.botName} (bot)`
          : (names.get(message.user) ?? message.user)
    if (who) body = `**${escapeMarkdown(who)}**: ${body}`
    if (body.length > MAX_BODY) {
      body = body.slice(0, MAX_BODY)
      batch.report.push({
        file: dayFile,
        index: message.index,
        code: 'message_too_long',
        values: { max: MAX_BODY },
        reason: `The message is longer than ${MAX_BODY} characters; it was cut.`,
      })
    }
    if (!message.deleted && body.trim() === '' && message.files.length === 0 && !forward) {
      batch.report.push({
        file: dayFile,
        index: message.index,
        code: 'message_empty',
        reason: 'The message is empty.',
      })
      continue
    }
    batch.rows.push({
      id,
      channel_id: channel.id,
      author_id: author,
      body: message.deleted ? '' : body,
      parent_id: message.parentTs ? ids.message(conversation.id, message.parentTs) : null,
      in_channel: message.parentTs === null || message.broadcast,
      created_at: message.createdAt,
      edited_at: message.editedAt,
      deleted: message.deleted,
      ...(forward && !message.deleted ? { forward } : {}),
    })
    if (message.deleted) continue
    const seen = new Set<string>()
    for (const reaction of message.reactions) {
      // A shortcode (Slack's, or a Chorus export's) is mapped; an emoji character (a Chorus
      // export's reaction as stored) is kept as it is.
      const name = reaction.name.replace(/::skin-tone-\d$/, '')
      const emoji = /^[a-z0-9_+'-]+$/i.test(name) ? emojiOf(name) : name
      for (const user of reaction.users) {
        const person = maps.people.get(user)
        if (!person || seen.has(`${person} ${emoji}`)) continue
        seen.add(`${person} ${emoji}`)
        batch.reactions.push({ message_id: id, user_id: person, emoji })
      }
    }
    for (const file of message.files.slice(0, MAX_FILES)) {
      batch.files.push({
        messageId: id,
        channelId: channel.id,
        file,
        dayFile,
        index: message.index,
      })
    }
    if (message.files.length > MAX_FILES) {
      batch.report.push({
        file: dayFile,
        index: message.index,
        code: 'too_many_files',
        values: { max: MAX_FILES },
        reason: `A message has at most ${MAX_FILES} files in Chorus; the others were left out.`,
      })
    }
  }
  return batch
}
