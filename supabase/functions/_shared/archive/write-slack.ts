// The writer side of the archive format (FORMAT.md): Chorus's rows in Slack's export shapes, with
// Chorus's additions (ids, chorus_versions, chorus_path, pinned_to, `chorus` fields). Pure: the
// rows come from the exports function's queries, the objects go to ArchiveWriter (write.ts).

/** A person as the export reads them. */
export interface PersonRow {
  id: string
  display_name: string
  email: string | null
  is_bot: boolean
  /** Left the workspace (or their account was deleted). */
  deleted: boolean
  role: string | null
}

export interface ConversationRow {
  id: string
  kind: 'public' | 'private' | 'dm'
  name: string | null
  topic: string
  /** Epoch seconds. */
  created: number
  created_by: string | null
  archived: boolean
  is_default: boolean
  /** A DM of more than two people (Slack's mpim), whoever the members listed are. */
  is_group: boolean
  members: string[]
  /** The channel's own retention (days; null: forever); undefined when it has none. */
  keep_days?: number | null
  /** Who may post when not everyone (announcement channels): admins only or admins and the
   *  people listed, and whether everyone else may reply in threads; undefined: everyone. */
  posting?: { who: 'admins' | 'listed'; replies: boolean; people: string[] }
}

export interface FileRow {
  id: string
  name: string
  mime_type: string
  size: number
}

export interface MessageRow {
  id: string
  author_id: string | null
  body: string
  /** seconds.micros, as the queries format created_at. */
  ts: string
  /** The parent's ts, for a reply. */
  thread_ts: string | null
  parent_author_id: string | null
  /** A reply also shown in the channel. */
  in_channel: boolean
  /** A deleted message kept because replies hang off it. */
  deleted: boolean
  /** The thread's, for a parent (0 otherwise). */
  reply_count: number
  reply_users: string[]
  latest_reply: string | null
  edited_ts: string | null
  /** Earlier bodies, oldest first, each with when it was written (seconds.micros). */
  versions: { body: string; edited_at: string }[]
  reactions: { emoji: string; users: string[] }[]
  files: FileRow[]
  pinned: boolean
  /** The message it shares (a forward's snapshot), or null. */
  forward?: {
    author_id: string | null
    author_name: string | null
    channel_id: string | null
    channel_kind: string
    channel_name: string | null
    /** seconds.micros */
    ts: string
    text: string
    files: string[]
  } | null
  /** A poll's question, options and counts (private.poll_summary), or null. */
  poll?: {
    question: string
    multiple: boolean
    anonymous: boolean
    closed: boolean
    voters: number
    options: { label: string; votes: number }[]
  } | null
}

export type ConversationFile = 'channels.json' | 'groups.json' | 'dms.json' | 'mpims.json'

const encoder = new TextEncoder()

/** A name usable as one path segment of an archive. */
function safeSegment(name: string): boolean {
  return (
    name !== '.' && name !== '..' && !/[/\\\0]/.test(name) && encoder.encode(name).length <= 200
  )
}

/** Which of Slack's files lists the conversation. */
export function conversationFile(c: ConversationRow): ConversationFile {
  if (c.kind === 'public') return 'channels.json'
  if (c.kind === 'private') return 'groups.json'
  return c.is_group ? 'mpims.json' : 'dms.json'
}

/**
 * The folder of the conversation's day files: its name for channels and groups (its id when the
 * name cannot be a folder: FORMAT.md), its id for DMs, its made-up name for group DMs.
 */
export function folderOf(c: ConversationRow): string {
  const file = conversationFile(c)
  if (file === 'dms.json') return c.id
  if (file === 'mpims.json') return `mpdm-${c.id}`
  return c.name !== null && safeSegment(c.name) ? c.name : c.id
}

/** users.json's entry. */
export function slackUser(p: PersonRow): Record<string, unknown> {
  return {
    id: p.id,
    name: p.display_name,
    real_name: p.display_name,
    deleted: p.deleted,
    is_bot: p.is_bot,
    profile: {
      email: p.email ?? undefined,
      display_name: p.display_name,
      real_name: p.display_name,
      title: '',
    },
    chorus: { role: p.role },
  }
}

/** The conversation's entry in channels.json, groups.json, dms.json or mpims.json. */
export function slackConversation(c: ConversationRow): Record<string, unknown> {
  const file = conversationFile(c)
  if (file === 'dms.json') return { id: c.id, created: c.created, members: c.members }
  const chorus: Record<string, unknown> = {}
  if (c.keep_days !== undefined) chorus.retention_days = c.keep_days
  if (c.posting) chorus.posting = c.posting
  const folder = folderOf(c)
  if (file === 'mpims.json') {
    return {
      id: c.id,
      name: folder,
      created: c.created,
      creator: c.created_by ?? '',
      is_archived: c.archived,
      members: c.members,
    }
  }
  if (folder !== c.name) chorus.folder = folder
  return {
    id: c.id,
    name: c.name,
    created: c.created,
    creator: c.created_by ?? '',
    is_archived: c.archived,
    is_general: c.is_default,
    members: c.members,
    topic: { value: c.topic, creator: '', last_set: 0 },
    purpose: { value: '', creator: '', last_set: 0 },
    ...(Object.keys(chorus).length > 0 ? { chorus } : {}),
  }
}

/** A reaction's Slack name: a shortcode without its colons, an emoji character as it is. */
export function reactionName(emoji: string): string {
  const code = /^:([a-z0-9_+-]+):$/.exec(emoji)
  return code ? code[1]! : emoji
}

/** A file's entry name: files/<id>/<name>, the name made a safe segment of at most 200 bytes. */
export function filePath(f: FileRow): string {
  let name = f.name.replace(/[/\\\0]/g, '_')
  if (name === '.' || name === '..' || name === '') name = 'file'
  while (encoder.encode(name).length > 200) name = name.slice(0, -1)
  return `files/${f.id}/${name}`
}

/** A day file's message. */
export function slackMessage(m: MessageRow, channelId: string): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'message' }
  if (m.deleted) out.subtype = 'tombstone'
  else if (m.thread_ts !== null && m.in_channel) out.subtype = 'thread_broadcast'
  if (m.author_id !== null) out.user = m.author_id
  out.text = m.deleted ? '' : m.poll ? `${m.body}\n\n${pollResults(m.poll)}` : m.body
  out.ts = m.ts
  out.client_msg_id = m.id
  if (m.thread_ts !== null) {
    out.thread_ts = m.thread_ts
    if (m.parent_author_id !== null) out.parent_user_id = m.parent_author_id
  } else if (m.reply_count > 0) {
    out.thread_ts = m.ts
    out.reply_count = m.reply_count
    out.reply_users = m.reply_users
    out.reply_users_count = m.reply_users.length
    if (m.latest_reply !== null) out.latest_reply = m.latest_reply
  }
  if (m.edited_ts !== null && !m.deleted) {
    out.edited = { user: m.author_id ?? '', ts: m.edited_ts }
    if (m.versions.length > 0) out.chorus_versions = m.versions
  }
  if (m.reactions.length > 0 && !m.deleted) {
    out.reactions = m.reactions.map((r) => ({
      name: reactionName(r.emoji),
      users: r.users,
      count: r.users.length,
    }))
  }
  if (m.files.length > 0 && !m.deleted) {
    out.files = m.files.map((f) => ({
      id: f.id,
      name: f.name,
      title: f.name,
      mimetype: f.mime_type,
      size: f.size,
      chorus_path: filePath(f),
    }))
  }
  if (m.pinned && !m.deleted) out.pinned_to = [channelId]
  if (m.forward && !m.deleted) out.attachments = [shareAttachment(m.forward)]
  if (m.poll && !m.deleted) out.chorus_poll = m.poll
  return out
}

/** A poll's results as text, after its question and options (the message's own text). */
export function pollResults(poll: NonNullable<MessageRow['poll']>): string {
  const votes = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`
  const state = poll.closed ? 'closed' : 'open'
  const voters = `${poll.voters} ${poll.voters === 1 ? 'person' : 'people'} voted`
  return [
    `Results (${state}, ${voters}):`,
    ...poll.options.map((o) => `- ${o.label}: ${votes(o.votes)}`),
  ].join('\n')
}

/**
 * A forward as Slack's export keeps a shared message: an attachment with `is_share` and
 * `is_msg_unfurl`, its author, conversation and ts, its text; `fallback` says it all as a quote
 * for readers that show only that.
 */
export function shareAttachment(f: NonNullable<MessageRow['forward']>): Record<string, unknown> {
  const files = f.files.length > 0 ? ` [${f.files.join(', ')}]` : ''
  const who = f.author_name ?? '?'
  return {
    is_share: true,
    is_msg_unfurl: true,
    ...(f.author_id ? { author_id: f.author_id } : {}),
    author_name: who,
    ...(f.channel_id ? { channel_id: f.channel_id } : {}),
    ...(f.channel_name ? { channel_name: f.channel_name } : {}),
    ts: f.ts,
    text: f.text,
    fallback: `> ${who}: ${f.text.trim().replace(/\n+/g, '\n> ')}${files}`,
    ...(f.channel_name ? { footer: `Posted in #${f.channel_name}` } : {}),
    chorus_files: f.files,
  }
}

/** emoji.json's entry for a custom emoji, and the path of its image in the zip. */
export function emojiEntries(e: { name: string; aliases: string[]; image_path: string }): {
  list: Record<string, string>
  path: string
} {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(e.image_path)?.[1]?.toLowerCase() ?? 'png'
  const path = `emoji/${e.name}.${ext}`
  const list: Record<string, string> = { [e.name]: path }
  for (const alias of e.aliases) list[alias] = `alias:${e.name}`
  return { list, path }
}

/** The UTC day (YYYY-MM-DD) of a seconds.micros ts: the day file a message goes in. */
export function dayOf(ts: string): string {
  return new Date(Number(ts.split('.')[0]) * 1000).toISOString().slice(0, 10)
}

/** chorus.json. */
export function chorusManifest(args: {
  workspace: { id: string; name: string; slug: string }
  kind: 'workspace' | 'personal'
  /** What it holds: 'public' channels only, 'all' conversations, or a person's 'own' data. */
  holds?: 'public' | 'all' | 'own'
  person?: string
  exportedAt: Date
}): Record<string, unknown> {
  return {
    format: 'chorus-export',
    version: 1,
    workspace: args.workspace,
    exported_at: args.exportedAt.toISOString(),
    kind: args.kind,
    ...(args.holds ? { holds: args.holds } : {}),
    ...(args.person ? { person: args.person } : {}),
  }
}
