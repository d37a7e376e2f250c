// The RLS matrix's cases for custom slash commands (the commands, their runs' later ephemeral
// answers, and the RPCs), spread into MATRIX by matrix.ts. Plain data typed there (this module
// imports nothing of matrix.ts, so no import circle): the same shapes as its RowCase and CallCase.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { asUser } from './world.ts'
import type { Person, World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

const admins = ['owner', 'admin'] as const
const members = ['owner', 'admin', 'member'] as const
/** The guest is in the workspace (in plaza only): they read its commands and run them there. */
const withGuest = [...members, 'guest'] as const
const commandName = () => `/m${randomUUID().slice(0, 8)}`

/** A command of the workspace made by its owner (W's, or W2's by the outsider). */
const commandOf =
  (other = false) =>
  async ({ sql, world }: Ctx): Promise<string> => {
    const maker: Person = other ? world.people.outsider : world.people.owner
    const [row] = await asUser(
      sql,
      maker,
      (tx) => tx<{ id: string }[]>`
        select id from public.create_slash_command(${other ? world.ws2 : world.ws}, ${commandName()},
          'https://commands.example.com/run')`
    )
    return row!.id
  }

/** A later ephemeral answer for the member, in plaza: its slash_command_responses row's id. */
const responseForMember = async (ctx: Ctx): Promise<string> => {
  const command = await commandOf()(ctx)
  const name = (
    await ctx.sql<{ name: string }[]>`select name from public.slash_commands where id = ${command}`
  )[0]!.name
  const [run] = await asUser(
    ctx.sql,
    ctx.world.people.member,
    (tx) => tx<{ invocation_id: string }[]>`
      select invocation_id from public.start_slash_command(${ctx.world.ch.plaza}, ${name}, 'matrix')`
  )
  await ctx.sql`select * from public.prepare_slash_command(${run!.invocation_id}, 'matrix-secret')`
  await ctx.sql`select public.answer_slash_command(${run!.invocation_id}, 'matrix-secret', false, 'only you')`
  const [row] = await ctx.sql<{ id: string }[]>`
    select id from public.slash_command_responses where user_id = ${ctx.world.people.member.id}
    order by created_at desc limit 1`
  return row!.id
}

/** A run of the member's with a later answer and a known response secret: the run's id. */
const answeredRun = async (ctx: Ctx): Promise<string> => {
  const id = await responseForMember(ctx)
  const [row] = await ctx.sql<{ invocation_id: string }[]>`
    select invocation_id from public.slash_command_responses where id = ${id}`
  return row!.invocation_id
}

/** A run of a command by the member (as start_slash_command makes it): the run's id. */
const runByMember = async (ctx: Ctx): Promise<string> => {
  const command = await commandOf()(ctx)
  const [run] = await ctx.sql<{ id: string }[]>`
    insert into private.slash_command_invocations (command_id, user_id, channel_id, text)
    values (${command}, ${ctx.world.people.member.id}, ${ctx.world.ch.plaza}, 'matrix') returning id`
  return run!.id
}

const revoked = async (sql: Sql | TransactionSql, id: string) =>
  (await sql`select 1 from public.slash_commands where id = ${id} and revoked_at is not null`)
    .length === 1

// prettier-ignore
export const SLASH_COMMAND_CASES = [
  // slash_commands: every member of the workspace sees them (the autocomplete); written only by the RPCs
  { kind: 'row' as const, table: 'public.slash_commands', what: "the workspace's command", op: 'select' as const, allowed: withGuest, row: commandOf() },
  { kind: 'row' as const, table: 'public.slash_commands', what: "another workspace's command", op: 'select' as const, allowed: ['outsider'] as const, row: commandOf(true) },
  { kind: 'row' as const, table: 'public.slash_commands', what: 'a new command', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx) => ({ id: randomUUID(), workspace_id: world.ws, name: commandName(), url: 'https://commands.example.com/x' }) },
  { kind: 'row' as const, table: 'public.slash_commands', what: "a command's description", op: 'update' as const, allowed: [] as const, row: commandOf(), patch: () => ({ description: `changed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.slash_commands', what: 'a command', op: 'delete' as const, allowed: [] as const, row: commandOf() },

  // slash_command_responses: a later ephemeral answer, its caller's only (read and dismiss)
  { kind: 'row' as const, table: 'public.slash_command_responses', what: "the member's later answer", op: 'select' as const, allowed: ['member'] as const, row: responseForMember },
  { kind: 'row' as const, table: 'public.slash_command_responses', what: 'a forged answer', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx, actor: Person | null) => ({ id: randomUUID(), user_id: actor?.id ?? world.people.member.id, channel_id: world.ch.plaza, command: '/x', body: 'forged' }) },
  { kind: 'row' as const, table: 'public.slash_command_responses', what: "an answer's text", op: 'update' as const, allowed: [] as const, row: responseForMember, patch: () => ({ body: `changed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.slash_command_responses', what: "the member's later answer dismissed", op: 'delete' as const, allowed: ['member'] as const, row: responseForMember },

  // the RPCs: owners and admins manage; members run; the service key alone signs and answers
  { kind: 'call' as const, table: 'public.create_slash_command', what: 'a command of the workspace', op: 'call' as const, allowed: admins, row: async ({ world }: Ctx) => world.ws, args: (key: string) => ({ p_workspace_id: key, p_name: commandName(), p_url: 'https://commands.example.com/new' }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.admin_slash_commands', what: "the workspace's commands with their URLs", op: 'call' as const, allowed: admins, row: async (ctx: Ctx) => { await commandOf()(ctx); return ctx.world.ws }, args: (key: string) => ({ p_workspace_id: key }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length > 0 && typeof rows[0]!.url === 'string' },
  { kind: 'call' as const, table: 'public.update_slash_command', what: "a command's URL", op: 'call' as const, allowed: admins, row: commandOf(), args: (key: string) => ({ p_id: key, p_url: `https://changed.example.com/${key}` }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.slash_commands where id = ${key} and url like 'https://changed.%'`).length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.revoke_slash_command', what: 'a command revoked', op: 'call' as const, allowed: admins, row: commandOf(), args: (key: string) => ({ p_id: key }), done: revoked, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.start_slash_command', what: 'a run in a public channel', op: 'call' as const, allowed: withGuest, row: async (ctx: Ctx) => `${ctx.world.ch.plaza} ${(await ctx.sql<{ name: string }[]>`select name from public.slash_commands where id = ${await commandOf()(ctx)}`)[0]!.name}`, args: (key: string) => ({ p_channel_id: key.split(' ')[0], p_command: key.split(' ')[1], p_text: 'matrix' }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.prepare_slash_command', what: "a run's signing secret without the service key", op: 'call' as const, allowed: [] as const, row: runByMember, args: (key: string) => ({ p_invocation_id: key, p_response_secret: 'x' }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from private.slash_command_invocations where id = ${key} and response_hash is not null`).length === 1 },
  { kind: 'call' as const, table: 'public.answer_slash_command', what: 'an answer without the service key', op: 'call' as const, allowed: [] as const, row: runByMember, args: (key: string) => ({ p_invocation_id: key, p_response_secret: null, p_in_channel: true, p_body: 'sneaky' }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from private.slash_command_invocations i join public.integration_messages m on m.slash_command_id = i.command_id where i.id = ${key}`).length > 0 },
  { kind: 'call' as const, table: 'public.forget_slash_command_answers', what: "a run's later answers deleted without the service key", op: 'call' as const, allowed: [] as const, row: answeredRun, args: (key: string) => ({ p_invocation_id: key, p_response_secret: 'matrix-secret' }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.slash_command_responses where invocation_id = ${key}`).length === 0 },
]
