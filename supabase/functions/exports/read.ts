// The exports function's reads: what each kind of export holds, in the shapes of
// _shared/archive/write-slack.ts. A workspace export reads the workspace as the service role:
// its public channels only (scope 'public', the default, as Slack's standard export), or every
// channel, DM and group DM too (scope 'all', when the workspace's owners allow it: the export's
// row says which); a personal export runs in a transaction whose role is `authenticated` with the person's
// claims, so row-level security decides what it can see, and its queries ask only for the
// person's own rows.
import type { TransactionSql } from 'npm:postgres@3'
import type {
  ConversationRow,
  FileRow,
  MessageRow,
  PersonRow,
} from '../_shared/archive/write-slack.ts'

export interface FileToCopy extends FileRow {
  path: string
  bucket_id: string
}

/** seconds.micros of a timestamptz column, as Slack's `ts`. */
const ts = (column: string) => `(extract(epoch from ${column}))::numeric(20,6)::text`

export async function readPeople(
  tx: TransactionSql,
  workspaceId: string,
  person: string | null
): Promise<PersonRow[]> {
  return tx.unsafe<PersonRow[]>(
    `select p.id, p.display_name, u.email, p.is_bot, wm.left_at is not null as deleted,
       wm.role::text as role
     from public.workspace_members wm
     join public.profiles p on p.id = wm.user_id
     left join auth.users u on u.id = p.id
     where wm.workspace_id = $1 and ($2::uuid is null or wm.user_id = $2::uuid)
     order by wm.joined_at, p.id`,
    [workspaceId, person]
  )
}

/**
 * The conversations: the workspace's channels with their members (its public ones only when
 * `publicOnly`); for a person, every one they are in, private channels and DMs included (as
 * row-level security shows them), with only themselves as members.
 */
export async function readConversations(
  tx: TransactionSql,
  workspaceId: string,
  person: string | null,
  publicOnly: boolean
): Promise<ConversationRow[]> {
  const rows = await tx.unsafe<
    (ConversationRow & {
      keep_days: number | null
      has_policy: boolean
      posting: ConversationRow['posting'] | null
    })[]
  >(
    `select c.id, c.kind::text as kind, c.name, c.topic,
       floor(extract(epoch from c.created_at))::integer as created, c.created_by,
       c.archived_at is not null as archived, c.is_default,
       coalesce(cardinality(string_to_array(c.dm_key, ',')), 0) > 2 as is_group,
       case when $2::uuid is null then coalesce((
         select array_agg(cm.user_id::text order by cm.joined_at, cm.user_id)
         from public.channel_members cm where cm.channel_id = c.id), '{}')
       else array[$2::text] end as members,
       cr.keep_days, cr.channel_id is not null as has_policy,
       case when cp.channel_id is not null then json_build_object('who', cp.who,
         'replies', cp.replies, 'people', coalesce((
           select array_agg(x.user_id::text order by x.created_at, x.user_id)
           from public.channel_posters x where x.channel_id = c.id), '{}')) end as posting
     from public.channels c
     left join public.channel_retention cr on cr.channel_id = c.id
     left join public.channel_posting cp on cp.channel_id = c.id
     where c.workspace_id = $1
       and (not $3::boolean or c.kind = 'public')
       and ($2::uuid is null or exists (
         select 1 from public.channel_members me where me.channel_id = c.id and me.user_id = $2::uuid))
     order by c.created_at, c.id`,
    [workspaceId, person, publicOnly && person === null]
  )
  // The channel's own settings (retention, who may post) are the workspace's export's only.
  return rows.map(({ has_policy, keep_days, posting, ...c }) =>
    person !== null
      ? c
      : {
          ...c,
          ...(has_policy ? { keep_days } : {}),
          ...(posting ? { posting } : {}),
        }
  )
}

/**
 * The channel's messages, oldest first, a page at a time (a cursor: a channel of any size). A
 * deleted or removed message is kept only as a tombstone its replies hang off. For a person,
 * only their own messages, with only their own reactions. A forward's text is its comment; what it
 * shares is its snapshot (`forward`); a poll's text is its question and options, `poll` its counts.
 */
export async function messagesOf(
  tx: TransactionSql,
  channelId: string,
  person: string | null,
  onPage: (rows: MessageRow[]) => Promise<void>
): Promise<void> {
  const query = tx.unsafe<MessageRow[]>(
    `select m.id, m.author_id, m.body,
       (select json_build_object('author_id', f.source_author_id,
          'author_name', f.source_author_name, 'channel_id', f.source_channel_id,
          'channel_kind', f.source_channel_kind, 'channel_name', f.source_channel_name,
          'ts', ${ts('f.source_created_at')}, 'text', f.body,
          'files', coalesce((select json_agg(x ->> 'name') from jsonb_array_elements(f.files) x), '[]'))
        from public.message_forwards f where f.id = m.id) as forward,
       private.poll_summary(m.id) as poll,
       ${ts('m.created_at')} as ts,
       case when m.parent_id is not null then ${ts('parent.created_at')} end as thread_ts,
       parent.author_id as parent_author_id, m.parent_id is not null and m.in_channel as in_channel,
       (m.deleted_at is not null or m.removed_at is not null) as deleted,
       coalesce(t.reply_count, 0) as reply_count,
       coalesce((select array_agg(distinct r.author_id::text) from public.messages r
         where r.parent_id = m.id and r.deleted_at is null and r.author_id is not null), '{}')
         as reply_users,
       case when t.last_reply_at is not null then ${ts('t.last_reply_at')} end as latest_reply,
       case when m.edited_at is not null then ${ts('m.edited_at')} end as edited_ts,
       coalesce((select json_agg(json_build_object('body', v.body, 'edited_at', ${ts('v.written_at')})
         order by v.replaced_at) from public.message_versions v where v.message_id = m.id), '[]')
         as versions,
       coalesce((select json_agg(json_build_object('emoji', x.emoji, 'users', x.users) order by x.first)
         from (select r.emoji, array_agg(r.user_id::text order by r.created_at) as users,
                 min(r.created_at) as first
               from public.reactions r
               where r.message_id = m.id and ($2::uuid is null or r.user_id = $2::uuid)
               group by r.emoji) x), '[]') as reactions,
       coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name,
           'mime_type', a.mime_type, 'size', a.size) order by a.created_at, a.id)
         from public.attachments a where a.message_id = m.id), '[]') as files,
       exists (select 1 from public.pins p where p.message_id = m.id) as pinned
     from public.messages m
     left join public.messages parent on parent.id = m.parent_id
     left join public.threads t on t.id = m.id
     where m.channel_id = $1
       and ($2::uuid is null or m.author_id = $2::uuid)
       and (m.deleted_at is null and m.removed_at is null
         or exists (select 1 from public.messages r where r.parent_id = m.id and r.deleted_at is null))
     order by m.created_at, m.id`,
    [channelId, person]
  )
  for await (const rows of query.cursor(500)) await onPage(rows)
}

/** The stored files of the messages exported (their bytes go in the zip). */
export async function filesOf(
  tx: TransactionSql,
  channelId: string,
  person: string | null
): Promise<FileToCopy[]> {
  return tx.unsafe<FileToCopy[]>(
    `select a.id, a.name, a.mime_type, a.size, a.path, a.bucket_id
     from public.attachments a join public.messages m on m.id = a.message_id
     where a.channel_id = $1 and m.deleted_at is null and m.removed_at is null
       and ($2::uuid is null or (m.author_id = $2::uuid and a.uploader_id = $2::uuid))
     order by a.created_at, a.id`,
    [channelId, person]
  )
}

export interface PersonalExtras {
  reactions: Record<string, unknown>[]
  saved: Record<string, unknown>[]
  scheduled: Record<string, unknown>[]
  drafts: Record<string, unknown>[]
}

/**
 * The person's reactions (on anyone's message) and saved items: message ids and times only; and
 * their messages scheduled in the workspace and not sent yet (their own words, with their files'
 * paths and names, when each goes and, for one that could not go, why); and their drafts in the
 * conversations they are still in (their own words, where and when last edited).
 */
export async function readPersonalExtras(
  tx: TransactionSql,
  person: string,
  workspace: string
): Promise<PersonalExtras> {
  const reactions = await tx.unsafe<Record<string, unknown>[]>(
    `select r.channel_id as channel, r.message_id as client_msg_id, ${ts('m.created_at')} as ts,
       r.emoji, r.created_at
     from public.reactions r join public.messages m on m.id = r.message_id
     where r.user_id = $1 order by r.created_at, r.id`,
    [person]
  )
  const saved = await tx.unsafe<Record<string, unknown>[]>(
    `select s.channel_id as channel, s.message_id as client_msg_id, ${ts('m.created_at')} as ts,
       s.created_at as saved_at, s.remind_at, s.done_at
     from public.saved_items s join public.messages m on m.id = s.message_id
     where s.user_id = $1 order by s.created_at, s.id`,
    [person]
  )
  const scheduled = await tx.unsafe<Record<string, unknown>[]>(
    `select s.id as client_msg_id, s.channel_id as channel, s.parent_id as thread, s.body as text,
       s.attachments as files, s.send_at, s.created_at, s.failed_at, s.failed_code
     from public.scheduled_messages s
     where s.user_id = $1 and s.workspace_id = $2 order by s.send_at, s.id`,
    [person, workspace]
  )
  const drafts = await tx.unsafe<Record<string, unknown>[]>(
    `select d.channel_id as channel, d.parent_id as thread, d.body as text, d.edited_at
     from public.drafts d
     where d.user_id = $1 and d.workspace_id = $2 and d.body <> '' order by d.edited_at, d.id`,
    [person, workspace]
  )
  return { reactions, saved, scheduled, drafts }
}

/** The workspace's custom emoji (a workspace export's: every member may read them). */
export async function readEmoji(
  tx: TransactionSql,
  workspaceId: string
): Promise<{ id: string; name: string; aliases: string[]; image_path: string }[]> {
  return tx.unsafe(
    `select id, name, aliases, image_path from public.custom_emoji
     where workspace_id = $1 order by name`,
    [workspaceId]
  )
}
