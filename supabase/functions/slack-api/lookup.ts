// What a Web API method's arguments point at, as the bot may see it: the channel (by id, or by
// name where Slack takes one), the message of a ts; and an RPC's refusal turned into Slack's
// error text (run in a savepoint, so that a refusal undoes the method's work, not the call's).
import type { TransactionSql } from 'npm:postgres@3'
import { SlackError, requiredString, tsArg } from './args.ts'
import type { Args } from './args.ts'
import { MESSAGE_COLUMNS } from './message.ts'
import type { Row } from './message.ts'

export type Tx = TransactionSql

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
export async function channelOf(tx: Tx, args: Args, byName = false): Promise<Channel> {
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
export async function messageAt(tx: Tx, channel: string, micros: string): Promise<Row | null> {
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

export async function messageById(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx<Row[]>`
    select ${MESSAGE_COLUMNS(tx)}
    from public.messages m left join public.threads t on t.id = m.id where m.id = ${id}`
  return row!
}

interface DbError {
  code?: string
  message?: string
  /** The Chorus code of a refusal (supabase/errors.json), as postgres.js names DETAIL. */
  detail?: unknown
}

const dbError = (error: unknown): DbError | null =>
  typeof error === 'object' && error !== null && 'code' in error ? (error as DbError) : null

/** Runs an RPC in a savepoint, turning its refusal into Slack's error text. */
export async function rpc<T>(tx: Tx, call: (sp: Tx) => Promise<T>, refuse: (e: DbError) => string) {
  try {
    return await tx.savepoint((sp) => call(sp as unknown as Tx))
  } catch (error) {
    const e = dbError(error)
    if (!e?.code || !/^(22|23|42501|P0001)/.test(e.code)) throw error
    throw new SlackError(refuse(e), e.message)
  }
}

/** The message of `ts` in the channel, for update and delete. */
export async function targetOf(tx: Tx, args: Args, name = 'ts') {
  const channel = await channelOf(tx, args)
  const micros = tsArg(args, name)
  if (micros === null) throw new SlackError('message_not_found', `${name} is required.`)
  const row = await messageAt(tx, channel.id, micros)
  if (!row || row.deleted) throw new SlackError('message_not_found')
  return { channel, row }
}
