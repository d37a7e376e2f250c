// The Web API methods, each run in a transaction where the database role is `authenticated` and
// auth.uid() is the bot (request.jwt.claims): row-level security and the RPCs the app calls
// (send_message, edit_message, delete_message, set_reaction) decide what the bot may read and
// write, exactly as for a person; this file only turns Slack's arguments into those calls and
// their refusals, by their Chorus codes, into Slack's error texts.
import { hasCode } from '../_shared/error-code.ts'
import { PayloadError } from '../_shared/slack/mrkdwn-incoming.ts'
import { toWebhookPost } from '../_shared/slack/payload.ts'
import { SlackError, boolArg, requiredString, tsArg, tsOf } from './args.ts'
import type { Args } from './args.ts'
import { channelOf, messageAt, messageById, rpc, targetOf } from './lookup.ts'
import type { Tx } from './lookup.ts'
import { slackMessage } from './message.ts'
import { history, replies } from './methods-read.ts'

export interface Bot {
  userId: string
}

type Result = Record<string, unknown>
export type Method = (tx: Tx, args: Args, bot: Bot) => Promise<Result>

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
      hasCode(e, 'message_too_long')
        ? 'msg_too_long'
        : hasCode(e, 'channel_archived')
          ? 'is_archived'
          : hasCode(e, 'not_channel_member') || e.code === '42501'
            ? 'restricted_action'
            : 'invalid_arguments'
  )
  const row = await messageById(tx, id)
  return { channel: channel.id, ts: tsOf(row.micros), message: slackMessage(row) }
}

const update: Method = async (tx, args, bot) => {
  const { channel, row } = await targetOf(tx, args)
  if (row.author_id !== bot.userId) throw new SlackError('cant_update_message')
  if (channel.archived) throw new SlackError('is_archived')
  const body = bodyOf(args)
  await rpc(
    tx,
    (sp) => sp`select public.edit_message(${row.id}, ${body})`,
    (e) =>
      hasCode(e, 'channel_archived')
        ? 'is_archived'
        : hasCode(e, 'not_message_author') || e.code === '42501'
          ? 'cant_update_message'
          : 'invalid_arguments'
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
          : hasCode(e, 'too_many_reactions')
            ? 'too_many_reactions'
            : 'invalid_name'
  )
  return {}
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
