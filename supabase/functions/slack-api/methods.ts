// The Web API methods, each run in a transaction where the database role is `authenticated` and
// auth.uid() is the bot (request.jwt.claims): row-level security and the RPCs the app calls
// (send_message, edit_message, delete_message, set_reaction) decide what the bot may read and
// write, exactly as for a person; this file only turns Slack's arguments into those calls and
// their refusals into Slack's error texts.
import type { TransactionSql } from 'npm:postgres@3'
import { PayloadError } from '../_shared/mrkdwn/incoming.ts'
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
import { MESSAGE_COLUMNS, slackMessage } from './message.ts'
import type { Row } from './message.ts'

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

/**
 * The id of the channel of this name (`general`, as Slack takes `#general` or `general` where a
 * message is posted) in the bot's workspace, if the bot can see it.
 */
async function channelNamed(tx: Tx, name: string): Promise<string | null> {
  if (name === '' || name.length > 80) return null
  const [row] = await tx<{ id: string }[]>`
    select c.id from public.channels c
    where lower(c.name) = lower(${name}) and c.kind in ('public', 'private')
      and c.workspace_id in (
        select w.workspace_id from public.workspace_members w where w.user_id = (select auth.uid()))
    limit 1`
  return row?.id ?? null
}

/** The channel as the bot sees it: not visible -> channel_not_found; not in it -> not_in_channel. */
async function channelOf(tx: Tx, args: Args, byName = false): Promise<Channel> {
  let id = requiredString(args, 'channel', 'channel_not_found')
  if (!UUID.test(id) && byName) id = (await channelNamed(tx, id.replace(/^#/, ''))) ?? ''
  if (!UUID.test(id)) throw new SlackError('channel_not_found')
  const [row] = await tx<Channel[]>`
    select c.id, c.archived_at is not null as archived, private.is_channel_member(c.id) as member
    from public.channels c where c.id = ${id}`
  if (!row) throw new SlackError('channel_not_found')
  if (!row.member) throw new SlackError('not_in_channel')
  return row
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
  const channel = await channelOf(tx, args, true)
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
  // Slack's name (`thumbsup`, `+1::skin-tone-3`) as the emoji people pick; another shortcode
  // stays `:name:`, which Chorus takes as a reaction too; an emoji itself is taken as it is.
  const [known] = await tx<{ emoji: string | null }[]>`
    select private.slack_emoji_of(${name.slice(0, 100)}) as emoji`
  const emoji = known?.emoji ?? (/^[a-z0-9_+-]{1,30}$/.test(name) ? `:${name}:` : name)
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

/** Who the token is, as Slack's auth.test answers a bot token (Bolt asks it at start). */
const authTest: Method = async (tx, _args, bot) => {
  const [row] = await tx<{ team_id: string; team: string; user: string }[]>`
    select w.id as team_id, w.name as team, p.display_name as user
    from public.workspace_members m
    join public.workspaces w on w.id = m.workspace_id
    join public.profiles p on p.id = m.user_id
    where m.user_id = ${bot.userId}
    limit 1`
  const site = (Deno.env.get('SITE_URL') ?? Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, '')
  return {
    url: row ? `${site}/w/${row.team_id}/` : `${site}/`,
    team: row?.team ?? null,
    user: row?.user ?? null,
    team_id: row?.team_id ?? null,
    user_id: bot.userId,
    bot_id: bot.userId,
    is_enterprise_install: false,
  }
}

export const METHODS: Record<string, Method> = {
  'auth.test': authTest,
  'chat.postMessage': postMessage,
  'chat.update': update,
  'chat.delete': remove,
  'reactions.add': reactionsAdd,
  'conversations.history': history,
  'conversations.replies': replies,
}
