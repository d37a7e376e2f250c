// A message as the Web API shows one (conversations.history and .replies, chat.postMessage's and
// chat.update's `message`), read under the bot's row-level security, in Slack's shape: a person's
// message has `user`; a bot's has `user` with `bot_id`, `app_id` and `bot_profile` (a Chorus bot
// is its own app: the ids are its user id), as an app's message posted with a bot token; an
// integration's (an incoming webhook's, a slash command's answer) is Slack's `bot_message`: no
// `user`, `bot_id` (the webhook's or the command's id), `username` and `icons`. Reactions are
// named as Slack names them (private.slack_emoji_name: `+1`, `tada`).
import type { TransactionSql } from 'npm:postgres@3'
import { tsOf } from './args.ts'

type Tx = TransactionSql
type Result = Record<string, unknown>

interface Integration {
  bot_id: string | null
  app_name: string
  username: string | null
  icon_emoji: string | null
  icon_url: string | null
}

export interface Row {
  id: string
  author_id: string | null
  body: string
  parent_id: string | null
  seq: string | null
  thread_seq: string | null
  micros: string
  edited_micros: string | null
  parent_micros: string | null
  deleted: boolean
  reply_count: number | null
  latest_micros: string | null
  reply_users: string[] | null
  reactions: { name: string; users: string[] }[]
  author_is_bot: boolean | null
  author_name: string | null
  team_id: string
  integration: Integration | null
}

// Everything a message shows in Slack's shape (`m` is the message, `t` its thread row).
export const MESSAGE_COLUMNS = (tx: Tx) => tx`
  m.id, m.author_id, m.body, m.parent_id, m.seq::text as seq, m.thread_seq::text as thread_seq,
  (extract(epoch from m.created_at) * 1000000)::bigint::text as micros,
  (extract(epoch from m.edited_at) * 1000000)::bigint::text as edited_micros,
  (select (extract(epoch from p.created_at) * 1000000)::bigint::text
    from public.messages p where p.id = m.parent_id) as parent_micros,
  m.deleted_at is not null as deleted,
  t.reply_count,
  (select (extract(epoch from max(r.created_at)) * 1000000)::bigint::text
    from public.messages r where r.parent_id = m.id and r.deleted_at is null) as latest_micros,
  (select array_agg(distinct r.author_id::text) from public.messages r
    where r.parent_id = m.id and r.deleted_at is null and r.author_id is not null) as reply_users,
  coalesce((
    select jsonb_agg(jsonb_build_object('name', private.slack_emoji_name(x.emoji),
      'users', x.users) order by x.first)
    from (
      select e.emoji, array_agg(e.user_id::text order by e.created_at) as users,
        min(e.created_at) as first
      from public.reactions e where e.message_id = m.id group by e.emoji
    ) x
  ), '[]'::jsonb) as reactions,
  (select a.is_bot from public.profiles a where a.id = m.author_id) as author_is_bot,
  (select a.display_name from public.profiles a where a.id = m.author_id) as author_name,
  (select c.workspace_id from public.channels c where c.id = m.channel_id) as team_id,
  (select jsonb_build_object('bot_id', coalesce(i.webhook_id, i.slash_command_id),
      'app_name', i.app_name, 'username', i.username, 'icon_emoji', i.icon_emoji,
      'icon_url', i.icon_url)
    from public.integration_messages i where i.message_id = m.id) as integration`

/** Who sent the message, in Slack's fields. */
function sender(row: Row): Result {
  if (row.author_id === null) {
    const i = row.integration
    // no author and no integration: an account that was deleted (its messages stay, unsigned)
    if (!i) return {}
    const fields: Result = { subtype: 'bot_message', username: i.username ?? i.app_name }
    if (i.bot_id) fields.bot_id = i.bot_id
    if (i.icon_emoji) fields.icons = { emoji: i.icon_emoji }
    else if (i.icon_url) fields.icons = { image_48: i.icon_url }
    return fields
  }
  if (!row.author_is_bot) return { user: row.author_id }
  const id = row.author_id
  return {
    user: id,
    bot_id: id,
    app_id: id,
    bot_profile: { id, app_id: id, name: row.author_name, team_id: row.team_id },
  }
}

/** A message as Slack shows one. Chorus's markdown is the text. */
export function slackMessage(row: Row): Result {
  const ts = tsOf(row.micros)
  const message: Result = { type: 'message', ...sender(row), text: row.body, ts }
  if (row.parent_micros) message.thread_ts = tsOf(row.parent_micros)
  if (row.reply_count) {
    message.thread_ts = ts
    message.reply_count = row.reply_count
    message.reply_users_count = row.reply_users?.length ?? 0
    message.reply_users = row.reply_users ?? []
    if (row.latest_micros) message.latest_reply = tsOf(row.latest_micros)
  }
  if (row.edited_micros) message.edited = { user: row.author_id, ts: tsOf(row.edited_micros) }
  if (row.reactions.length > 0) {
    message.reactions = row.reactions.map((r) => ({
      name: r.name,
      users: r.users,
      count: r.users.length,
    }))
  }
  return message
}
