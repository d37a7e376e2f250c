// The Web API methods, each run in a transaction where the database role is `authenticated` and
// auth.uid() is the bot (request.jwt.claims): row-level security and the RPCs the app calls
// (send_message, edit_message, delete_message, set_reaction) decide what the bot may read and
// write, exactly as for a person; this file only turns Slack's arguments into those calls and
// their refusals into Slack's error texts.
import type { TransactionSql } from 'npm:postgres@3'
import { PayloadError } from '../webhooks/mrkdwn.ts'
import { toWebhookPost } from '../webhooks/payload.ts'
import {
  SlackError,
  boolArg,
  cursorOf,
  intArg,
  requiredString,
  seqOfCursor,
  stringArg,
  tsArg,
  tsOf,
} from './args.ts'
import type { Args } from './args.ts'
import { emojiOf, nameOf } from './emoji.ts'

export interface Bot {
  userId: string
}

type Tx = TransactionSql
type Result = Record<string, unknown>
export type Method = (tx: Tx, args: Args, bot: Bot) => Promise<Result>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface Channel {
  id: string
  archived: boolean
  member: boolean
}

/** The channel as the bot sees it: not visible -> channel_not_found; not in it -> not_in_channel. */
async function channelOf(tx: Tx, args: Args): Promise<Channel> {
  const id = requiredString(args, 'channel', 'channel_not_found')
  if (!UUID.test(id)) throw new SlackError('channel_not_found')
  const [row] = await tx<Channel[]>`
    select c.id, c.archived_at is not null as archived, private.is_channel_member(c.id) as member
    from public.channels c where c.id = ${id}`
  if (!row) throw new SlackError('channel_not_found')
  if (!row.member) throw new SlackError('not_in_channel')
  return row
}

interface Row {
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
  reactions: { emoji: string; users: string[] }[]
  author_is_bot: boolean | null
}

// Everything a message shows in Slack's shape, read under the bot's row-level security.
const MESSAGE_COLUMNS = (tx: Tx) => tx`
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
    select jsonb_agg(jsonb_build_object('emoji', x.emoji, 'users', x.users) order by x.first)
    from (
      select e.emoji, array_agg(e.user_id::text order by e.created_at) as users,
        min(e.created_at) as first
      from public.reactions e where e.message_id = m.id group by e.emoji
    ) x
  ), '[]'::jsonb) as reactions,
  (select a.is_bot from public.profiles a where a.id = m.author_id) as author_is_bot`

/** A message as Slack shows one. Chorus's markdown is the text. */
export function slackMessage(row: Row): Result {
  const ts = tsOf(row.micros)
  const message: Result = { type: 'message', user: row.author_id, text: row.body, ts }
  if (row.author_is_bot) message.bot_id = row.author_id
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
      name: nameOf(r.emoji),
      users: r.users,
      count: r.users.length,
    }))
  }
  return message
}

/** The message a ts names in the channel (the bot must be able to read it). */
async function messageAt(tx: Tx, channel: string, micros: string): Promise<Row | null> {
  const seconds = Number(BigInt(micros) / 1_000_000n)
  const [row] = await tx<Row[]>`
    select ${MESSAGE_COLUMNS(tx)}
    from public.messages m left join public.threads t on t.id = m.id
    where m.channel_id = ${channel}
      and m.created_at >= to_timestamp(${seconds}) - interval '1 second'
      and m.created_at < to_timestamp(${seconds}) + interval '2 seconds'
      and (extract(epoch from m.created_at) * 1000000)::bigint = ${micros}::bigint
    order by m.seq nulls last, m.id
    limit 1`
  return row ?? null
}

async function messageById(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx<Row[]>`
    select ${MESSAGE_COLUMNS(tx)}
    from public.messages m left join public.threads t on t.id = m.id where m.id = ${id}`
  return row!
}

/** text, blocks and attachments as the webhooks read them, made Chorus markdown. */
function bodyOf(args: Args): string {
  try {
    return toWebhookPost({
      text: args.text,
      blocks: args.blocks,
      attachments: args.attachments,
      mrkdwn: typeof args.mrkdwn === 'string' ? args.mrkdwn !== 'false' : args.mrkdwn,
    }).body
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error
    const code = error.code === 'invalid_payload' ? 'invalid_arguments' : error.code
    throw new SlackError(code, error.detail)
  }
}

interface DbError {
  code?: string
  message?: string
}

const dbError = (error: unknown): DbError | null =>
  typeof error === 'object' && error !== null && 'code' in error ? (error as DbError) : null

/** Runs an RPC in a savepoint, turning its refusal into Slack's error text. */
async function rpc<T>(tx: Tx, call: (sp: Tx) => Promise<T>, refuse: (e: DbError) => string) {
  try {
    return await tx.savepoint((sp) => call(sp as unknown as Tx))
  } catch (error) {
    const e = dbError(error)
    if (!e?.code || !/^(22|23|42501|P0001)/.test(e.code)) throw error
    throw new SlackError(refuse(e), e.message)
  }
}

const postMessage: Method = async (tx, args) => {
  const channel = await channelOf(tx, args)
  const body = bodyOf(args)
  if (channel.archived) throw new SlackError('is_archived')
  const threadMicros = tsArg(args, 'thread_ts')
  let parentId: string | null = null
  if (threadMicros !== null) {
    const parent = await messageAt(tx, channel.id, threadMicros)
    if (!parent || parent.deleted) throw new SlackError('thread_not_found')
    parentId = parent.parent_id ?? parent.id
  }
  const id = crypto.randomUUID()
  await rpc(
    tx,
    (sp) => sp`select public.send_message(${id}, ${channel.id}, ${body}, '[]'::jsonb,
      ${parentId}, ${boolArg(args, 'reply_broadcast')})`,
    (e) =>
      e.code === '42501'
        ? 'restricted_action'
        : /longer|4000|length/i.test(e.message ?? '')
          ? 'msg_too_long'
          : 'invalid_arguments'
  )
  const row = await messageById(tx, id)
  return { channel: channel.id, ts: tsOf(row.micros), message: slackMessage(row) }
}

/** The message of `ts` in the channel, for update and delete. */
async function targetOf(tx: Tx, args: Args, name = 'ts') {
  const channel = await channelOf(tx, args)
  const micros = tsArg(args, name)
  if (micros === null) throw new SlackError('message_not_found', `${name} is required.`)
  const row = await messageAt(tx, channel.id, micros)
  if (!row || row.deleted) throw new SlackError('message_not_found')
  return { channel, row }
}

const update: Method = async (tx, args, bot) => {
  const { channel, row } = await targetOf(tx, args)
  if (row.author_id !== bot.userId) throw new SlackError('cant_update_message')
  if (channel.archived) throw new SlackError('is_archived')
  const body = bodyOf(args)
  await rpc(
    tx,
    (sp) => sp`select public.edit_message(${row.id}, ${body})`,
    (e) => (e.code === '42501' ? 'cant_update_message' : 'invalid_arguments')
  )
  const updated = await messageById(tx, row.id)
  return {
    channel: channel.id,
    ts: tsOf(row.micros),
    text: updated.body,
    message: slackMessage(updated),
  }
}

const remove: Method = async (tx, args) => {
  const { channel, row } = await targetOf(tx, args)
  await rpc(
    tx,
    (sp) => sp`select public.delete_message(${row.id})`,
    (e) => (e.code === '42501' ? 'cant_delete_message' : 'message_not_found')
  )
  return { channel: channel.id, ts: tsOf(row.micros) }
}

const reactionsAdd: Method = async (tx, args) => {
  const name = requiredString(args, 'name', 'invalid_name').replace(/^:(.*):$/, '$1')
  const emoji = /^[a-z0-9_+-]{1,30}$/.test(name) ? emojiOf(name) : name
  if (/[A-Za-z]/.test(emoji) && !emoji.startsWith(':')) throw new SlackError('invalid_name')
  const { channel, row } = await targetOf(tx, args, 'timestamp')
  if (channel.archived) throw new SlackError('is_archived')
  const [{ already }] = await rpc(
    tx,
    (sp) => sp<{ already: boolean }[]>`
      select exists (
        select 1 from public.reactions r
        where r.message_id = ${row.id} and r.user_id = (select auth.uid())
          and r.emoji = private.clean_emoji(${emoji})
      ) as already`,
    () => 'invalid_name'
  ).then((rows) => rows as unknown as [{ already: boolean }])
  if (already) throw new SlackError('already_reacted')
  await rpc(
    tx,
    (sp) => sp`select public.set_reaction(${row.id}, ${emoji}, true)`,
    (e) =>
      e.code === '23505'
        ? 'already_reacted'
        : e.code === '42501'
          ? 'not_in_channel'
          : /at most/.test(e.message ?? '')
            ? 'too_many_reactions'
            : 'invalid_name'
  )
  return {}
}

/** latest/oldest as Slack reads them: ts bounds, exclusive unless `inclusive`. */
function bounds(args: Args) {
  return {
    latest: tsArg(args, 'latest'),
    oldest: tsArg(args, 'oldest'),
    inclusive: boolArg(args, 'inclusive'),
  }
}

const page = (rows: Row[], limit: number, seqOf: (r: Row) => string | null) => {
  const hasMore = rows.length > limit
  const shown = rows.slice(0, limit)
  const last = shown[shown.length - 1]
  return {
    messages: shown.map(slackMessage),
    has_more: hasMore,
    response_metadata: { next_cursor: hasMore && last ? cursorOf(seqOf(last)!) : '' },
  }
}

const history: Method = async (tx, args) => {
  const channel = await channelOf(tx, args)
  const limit = intArg(args, 'limit', 100, 1, 200)
  const after = seqOfCursor(stringArg(args, 'cursor', 200))
  const { latest, oldest, inclusive } = bounds(args)
  const micros = tx`(extract(epoch from m.created_at) * 1000000)::bigint`
  const rows = await tx<Row[]>`
    select ${MESSAGE_COLUMNS(tx)}
    from public.messages m left join public.threads t on t.id = m.id
    where m.channel_id = ${channel.id} and m.in_channel and m.deleted_at is null
      and (${after}::bigint is null or m.seq < ${after}::bigint)
      and (${latest}::bigint is null or ${micros} < ${latest}::bigint
        or (${inclusive} and ${micros} = ${latest}::bigint))
      and (${oldest}::bigint is null or ${micros} > ${oldest}::bigint
        or (${inclusive} and ${micros} = ${oldest}::bigint))
    order by m.seq desc
    limit ${limit + 1}`
  return page(rows, limit, (r) => r.seq)
}

const replies: Method = async (tx, args) => {
  const channel = await channelOf(tx, args)
  const micros = tsArg(args, 'ts')
  if (micros === null) throw new SlackError('thread_not_found', 'ts is required.')
  const found = await messageAt(tx, channel.id, micros)
  if (!found) throw new SlackError('thread_not_found')
  const parent = found.parent_id ? await messageById(tx, found.parent_id) : found
  const limit = intArg(args, 'limit', 100, 1, 200)
  const after = seqOfCursor(stringArg(args, 'cursor', 200))
  const { latest, oldest, inclusive } = bounds(args)
  const at = tx`(extract(epoch from m.created_at) * 1000000)::bigint`
  const rows = await tx<Row[]>`
    select ${MESSAGE_COLUMNS(tx)}
    from public.messages m left join public.threads t on t.id = m.id
    where m.parent_id = ${parent.id} and m.deleted_at is null
      and (${after}::bigint is null or m.thread_seq > ${after}::bigint)
      and (${latest}::bigint is null or ${at} < ${latest}::bigint
        or (${inclusive} and ${at} = ${latest}::bigint))
      and (${oldest}::bigint is null or ${at} > ${oldest}::bigint
        or (${inclusive} and ${at} = ${oldest}::bigint))
    order by m.thread_seq
    limit ${limit + 1}`
  const result = page(rows, limit, (r) => r.thread_seq)
  // Slack lists the parent first, on the first page.
  if (after === null) result.messages.unshift(slackMessage(parent))
  return result
}

export const METHODS: Record<string, Method> = {
  'chat.postMessage': postMessage,
  'chat.update': update,
  'chat.delete': remove,
  'reactions.add': reactionsAdd,
  'conversations.history': history,
  'conversations.replies': replies,
}
