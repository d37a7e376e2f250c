// The RLS matrix's cases for moderation (issue 35, part 4), spread into MATRIX by matrix.ts:
// reports read by their reporter only and written through report_message() only; a removed
// message's files and edit history read by nobody; removing, restoring and suspending by the
// workspace's owners and admins only (a private channel they are not in included).
import type { Sql, TransactionSql } from 'postgres'
import type { MatrixContext } from './matrix-kit.ts'
import { asUser, makeMessage, makeMessageWithFile } from './world.ts'
import type { Person, World } from './world.ts'

const admins = ['owner', 'admin'] as const

/** A report by `reporter` of a new message of member2 in general; returns the report's id. */
const reportBy =
  (reporter: (w: World) => Person) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const message = await makeMessage(sql, world.people.member2, world.ch.general)
    const [row] = await asUser(
      sql,
      reporter(world),
      (tx) => tx<{ id: string }[]>`
      select id from public.report_message(${message}, 'spam', 'matrix')`
    )
    return row!.id
  }

/** A message of the owner in quiet (a private channel the admin is not in), removed or not. */
const quietMessage =
  (removed: boolean) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const id = await makeMessage(sql, world.people.owner, world.ch.quiet, 'to be judged')
    if (removed)
      await asUser(sql, world.people.owner, (tx) => tx`select public.remove_message(${id})`)
    return id
  }

/** A removed message of the owner in plaza with a file and an earlier version: the row's id. */
const ofRemovedMessage =
  (table: 'attachments' | 'message_versions') =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const { message } = await makeMessageWithFile(sql, world.people.owner, world.ch.plaza)
    await asUser(sql, world.people.owner, async (tx) => {
      await tx`select public.edit_message(${message}, 'edited once')`
      await tx`select public.remove_message(${message})`
    })
    const [row] = await sql<{ id: string }[]>`
      select id from ${sql('public.' + table)} where message_id = ${message} limit 1`
    return row!.id
  }

const removedAt = async (sql: Sql | TransactionSql, id: string) =>
  (
    await sql<
      { removed_at: Date | null }[]
    >`select removed_at from public.messages where id = ${id}`
  )[0]?.removed_at ?? null

/** member2 in the workspace, suspended or not first (as a check before may have left them);
 *  the key is `workspace/person`. */
const member2 =
  (suspended: boolean) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    await sql`update public.workspace_members
      set suspended_at = ${suspended ? new Date() : null}
      where workspace_id = ${world.ws} and user_id = ${world.people.member2.id}`
    return `${world.ws}/${world.people.member2.id}`
  }
const suspension = (key: string) => {
  const [workspace, person] = key.split('/')
  return { p_workspace_id: workspace, p_user_id: person }
}
const suspendedAt = async (sql: Sql | TransactionSql, key: string) => {
  const { p_workspace_id, p_user_id } = suspension(key)
  const [row] = await sql<{ suspended_at: Date | null }[]>`
    select suspended_at from public.workspace_members
    where workspace_id = ${p_workspace_id!} and user_id = ${p_user_id!}`
  return row?.suspended_at ?? null
}

// prettier-ignore
export const MODERATION_CASES = [
  { kind: 'row' as const, table: 'public.message_reports', what: "member's report", op: 'select' as const, allowed: ['member'] as const, row: reportBy((w) => w.people.member) },
  { kind: 'row' as const, table: 'public.message_reports', what: "admin's report", op: 'select' as const, allowed: ['admin'] as const, row: reportBy((w) => w.people.admin) },
  { kind: 'row' as const, table: 'public.message_reports', what: 'a forged report', op: 'insert' as const, allowed: [] as const, row: messageInGeneral(), values: ({ world }: MatrixContext, actor: Person | null, message: string) => ({ workspace_id: world.ws, channel_id: world.ch.general, message_id: message, reporter_id: actor?.id ?? null, reason: 'spam' }) },
  { kind: 'row' as const, table: 'public.message_reports', what: "member's report resolved", op: 'update' as const, allowed: [] as const, row: reportBy((w) => w.people.member), patch: () => ({ note: `changed ${Math.random()}` }) },
  { kind: 'row' as const, table: 'public.message_reports', what: "member's report", op: 'delete' as const, allowed: [] as const, row: reportBy((w) => w.people.member) },
  { kind: 'row' as const, table: 'public.attachments', what: 'the file of a removed message', op: 'select' as const, allowed: [] as const, row: ofRemovedMessage('attachments') },
  { kind: 'row' as const, table: 'public.message_versions', what: 'an earlier version of a removed message', op: 'select' as const, allowed: [] as const, row: ofRemovedMessage('message_versions') },
  { kind: 'call' as const, table: 'public.remove_message', what: "owner's message in quiet removed", op: 'call' as const, allowed: admins, row: quietMessage(false), args: (key: string) => ({ p_message_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await removedAt(sql, key)) != null, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.restore_message', what: "owner's removed message in quiet restored", op: 'call' as const, allowed: admins, row: quietMessage(true), args: (key: string) => ({ p_message_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await removedAt(sql, key)) == null, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.suspend_member', what: 'member2 suspended', op: 'call' as const, allowed: admins, row: member2(false), args: suspension, done: async (sql: Sql | TransactionSql, key: string) => (await suspendedAt(sql, key)) != null },
  { kind: 'call' as const, table: 'public.unsuspend_member', what: 'member2 unsuspended', op: 'call' as const, allowed: admins, row: member2(true), args: suspension, done: async (sql: Sql | TransactionSql, key: string) => (await suspendedAt(sql, key)) == null },
]

function messageInGeneral() {
  return ({ sql, world }: MatrixContext) => makeMessage(sql, world.people.member2, world.ch.general)
}
