// conversations.history and conversations.replies: a channel's messages newest first, a
// thread's replies oldest first after its parent, each paged by cursor within Slack's bounds.
import { SlackError, boolArg, cursorOf, intArg, seqOfCursor, stringArg, tsArg } from './args.ts'
import type { Args } from './args.ts'
import { channelOf, messageAt, messageById } from './lookup.ts'
import { MESSAGE_COLUMNS, slackMessage } from './message.ts'
import type { Row } from './message.ts'
import type { Tx } from './lookup.ts'

/**
 * latest/oldest as Slack reads them (ts bounds, exclusive unless `inclusive`): a condition on the
 * time of the message `m`, in microseconds.
 */
function withinBounds(tx: Tx, args: Args) {
  const latest = tsArg(args, 'latest')
  const oldest = tsArg(args, 'oldest')
  const inclusive = boolArg(args, 'inclusive')
  const at = tx`(extract(epoch from m.created_at) * 1000000)::bigint`
  return tx`(${latest}::bigint is null or ${at} < ${latest}::bigint
        or (${inclusive} and ${at} = ${latest}::bigint))
      and (${oldest}::bigint is null or ${at} > ${oldest}::bigint
        or (${inclusive} and ${at} = ${oldest}::bigint))`
}

/** The paging both methods take: a limit, a cursor and the time bounds. */
function paging(tx: Tx, args: Args) {
  return {
    limit: intArg(args, 'limit', 100, 1, 200),
    after: seqOfCursor(stringArg(args, 'cursor', 200)),
    within: withinBounds(tx, args),
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

export const history = async (tx: Tx, args: Args) => {
  const channel = await channelOf(tx, args)
  const { limit, after, within } = paging(tx, args)
  const rows = await tx<Row[]>`
    select ${MESSAGE_COLUMNS(tx)}
    from public.messages m left join public.threads t on t.id = m.id
    where m.channel_id = ${channel.id} and m.in_channel and m.deleted_at is null
      and (${after}::bigint is null or m.seq < ${after}::bigint)
      and ${within}
    order by m.seq desc
    limit ${limit + 1}`
  return page(rows, limit, (r) => r.seq)
}

export const replies = async (tx: Tx, args: Args) => {
  const channel = await channelOf(tx, args)
  const micros = tsArg(args, 'ts')
  if (micros === null) throw new SlackError('thread_not_found', 'ts is required.')
  const found = await messageAt(tx, channel.id, micros)
  if (!found) throw new SlackError('thread_not_found')
  const parent = found.parent_id ? await messageById(tx, found.parent_id) : found
  const { limit, after, within } = paging(tx, args)
  const rows = await tx<Row[]>`
    select ${MESSAGE_COLUMNS(tx)}
    from public.messages m left join public.threads t on t.id = m.id
    where m.parent_id = ${parent.id} and m.deleted_at is null
      and (${after}::bigint is null or m.thread_seq > ${after}::bigint)
      and ${within}
    order by m.thread_seq
    limit ${limit + 1}`
  const result = page(rows, limit, (r) => r.thread_seq)
  // Slack lists the parent first, on the first page.
  if (after === null) result.messages.unshift(slackMessage(parent))
  return result
}
