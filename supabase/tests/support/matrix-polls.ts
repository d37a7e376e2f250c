// The RLS matrix's cases for polls (the polls, their options and votes, and the RPCs), spread
// into MATRIX by matrix.ts. Plain data typed there (this module imports nothing of matrix.ts, so
// no import circle): the same shapes as its RowCase and CallCase. Members of the poll's channel
// read the poll and its options; of the votes, each person their own, and everyone's only in a
// poll that is not anonymous; nobody writes the tables but the RPCs.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { asUser } from './world.ts'
import type { Person, World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

const inPlaza = ['owner', 'admin', 'member', 'guest'] as const
const inQuiet = ['owner', 'member'] as const

/** A poll of `author` in the channel; returns its message's id. */
const pollMessage =
  (author: (w: World) => Person, channel: (w: World) => string, anonymous = false) =>
  async ({ sql, world }: Ctx): Promise<string> => {
    const id = randomUUID()
    // Its author may post: moderation's case may have left member2 suspended.
    await sql`update public.workspace_members set suspended_at = null
      where user_id = ${author(world).id} and suspended_at is not null`
    await asUser(
      sql,
      author(world),
      (tx) => tx`
        select public.create_poll(${id}, ${channel(world)}, 'Lunch?', ${['Pizza', 'Sushi']}::text[],
          false, ${anonymous})`
    )
    return id
  }

const pollIn =
  (author: (w: World) => Person, channel: (w: World) => string) => async (ctx: Ctx) => {
    const message = await pollMessage(author, channel)(ctx)
    return (
      await ctx.sql<{ id: string }[]>`select id from public.polls where message_id = ${message}`
    )[0]!.id
  }

const optionIn =
  (author: (w: World) => Person, channel: (w: World) => string) => async (ctx: Ctx) => {
    const poll = await pollIn(author, channel)(ctx)
    return (
      await ctx.sql<
        { id: string }[]
      >`select id from public.poll_options where poll_id = ${poll} order by position limit 1`
    )[0]!.id
  }

/** The member's vote on a poll of plaza (anonymous or not): the vote's id. */
const membersVote = (anonymous: boolean) => async (ctx: Ctx) => {
  const message = await pollMessage(
    (w) => w.people.owner,
    (w) => w.ch.plaza,
    anonymous
  )(ctx)
  const [option] = await ctx.sql<{ id: string }[]>`
    select o.id from public.poll_options o join public.polls p on p.id = o.poll_id
    where p.message_id = ${message} order by o.position limit 1`
  await asUser(
    ctx.sql,
    ctx.world.people.member,
    (tx) => tx`select public.vote_poll(${message}, ${[option!.id]}::uuid[])`
  )
  return (
    await ctx.sql<
      { id: string }[]
    >`select id from public.poll_votes where option_id = ${option!.id}`
  )[0]!.id
}

/** A poll of the owner's in the channel, and its first option: "<message> <option>". */
const pollAndOption = (channel: (w: World) => string) => async (ctx: Ctx) => {
  const message = await pollMessage((w) => w.people.owner, channel)(ctx)
  const [option] = await ctx.sql<{ id: string }[]>`
    select o.id from public.poll_options o join public.polls p on p.id = o.poll_id
    where p.message_id = ${message} order by o.position limit 1`
  return `${message} ${option!.id}`
}

const votesOn = async (sql: Sql | TransactionSql, message: string) =>
  (
    await sql<{ n: number }[]>`
    select count(*)::int as n from public.poll_votes v join public.polls p on p.id = v.poll_id
    where p.message_id = ${message}`
  )[0]!.n

// prettier-ignore
export const POLL_CASES = [
  { kind: 'row' as const, table: 'public.polls', what: 'a poll in a public channel', op: 'select' as const, allowed: inPlaza, row: pollIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.polls', what: 'a poll in a private channel', op: 'select' as const, allowed: inQuiet, row: pollIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.polls', what: 'a poll in a public channel you are not in', op: 'select' as const, allowed: [] as const, row: pollIn((w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row' as const, table: 'public.polls', what: 'a new poll', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx, actor: Person | null) => ({ id: randomUUID(), message_id: randomUUID(), channel_id: world.ch.plaza, author_id: actor?.id ?? null, question: 'forged?' }) },
  { kind: 'row' as const, table: 'public.polls', what: "a poll's question", op: 'update' as const, allowed: [] as const, row: pollIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ question: `changed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.polls', what: 'a poll', op: 'delete' as const, allowed: [] as const, row: pollIn((w) => w.people.member, (w) => w.ch.plaza) },

  { kind: 'row' as const, table: 'public.poll_options', what: 'an option in a public channel', op: 'select' as const, allowed: inPlaza, row: optionIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row' as const, table: 'public.poll_options', what: 'an option in a private channel', op: 'select' as const, allowed: inQuiet, row: optionIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row' as const, table: 'public.poll_options', what: "an option's label", op: 'update' as const, allowed: [] as const, row: optionIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ label: `changed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.poll_options', what: 'an option', op: 'delete' as const, allowed: [] as const, row: optionIn((w) => w.people.member, (w) => w.ch.plaza) },

  { kind: 'row' as const, table: 'public.poll_votes', what: "the member's vote in a poll that is not anonymous", op: 'select' as const, allowed: inPlaza, row: membersVote(false) },
  { kind: 'row' as const, table: 'public.poll_votes', what: "the member's vote in an anonymous poll", op: 'select' as const, allowed: ['member'] as const, row: membersVote(true) },
  { kind: 'row' as const, table: 'public.poll_votes', what: 'a forged vote', op: 'insert' as const, allowed: [] as const, row: optionIn((w) => w.people.owner, (w) => w.ch.plaza), values: ({ world }: Ctx, actor: Person | null, option: string) => ({ id: randomUUID(), poll_id: randomUUID(), option_id: option, channel_id: world.ch.plaza, user_id: actor?.id ?? world.people.member.id }) },
  { kind: 'row' as const, table: 'public.poll_votes', what: "a vote's option", op: 'update' as const, allowed: [] as const, row: membersVote(false), patch: () => ({ created_at: new Date(Date.now() - Math.floor(Math.random() * 1e9)).toISOString() }), changed: (after: Record<string, unknown>, patch: Record<string, unknown>) => new Date(String(after.created_at)).getTime() === new Date(String(patch.created_at)).getTime() },
  { kind: 'row' as const, table: 'public.poll_votes', what: "the member's vote", op: 'delete' as const, allowed: [] as const, row: membersVote(false) },

  // the RPCs: members of the channel vote; the author alone closes
  { kind: 'call' as const, table: 'public.vote_poll', what: 'a vote in a poll of plaza', op: 'call' as const, allowed: inPlaza, row: pollAndOption((w) => w.ch.plaza), args: (key: string) => ({ p_message_id: key.split(' ')[0], p_option_ids: [key.split(' ')[1]] }), done: async (sql: Sql | TransactionSql, key: string) => (await votesOn(sql, key.split(' ')[0]!)) === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.vote_poll', what: 'a vote in a poll of a private channel', op: 'call' as const, allowed: inQuiet, row: pollAndOption((w) => w.ch.quiet), args: (key: string) => ({ p_message_id: key.split(' ')[0], p_option_ids: [key.split(' ')[1]] }), done: async (sql: Sql | TransactionSql, key: string) => (await votesOn(sql, key.split(' ')[0]!)) === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.close_poll', what: "the member's poll closed", op: 'call' as const, allowed: ['member'] as const, row: pollMessage((w) => w.people.member, (w) => w.ch.plaza), args: (key: string) => ({ p_message_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.polls where message_id = ${key} and closed_at is not null`).length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.poll_results', what: "a poll's results in plaza", op: 'call' as const, allowed: inPlaza, row: pollMessage((w) => w.people.owner, (w) => w.ch.plaza), args: (key: string) => ({ p_message_ids: [key] }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1 },
]
