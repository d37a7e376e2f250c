// The RLS matrix's cases for the limits on invitation mail (issue 49, item 2): its tables are
// private (outside the API); claim_invite_mail takes a mail of an email invitation for its
// workspace's owners and admins only, and release_invite_mail (giving one back) is the
// workspaces-invite function's, by its service key: nobody else's. An import's people still to
// invite are listed to the workspace's owners, and how many more mails one may send now to its
// owners and admins.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { one } from './matrix-kit.ts'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import { asUser } from './world.ts'

/** An email invitation to the workspace, made by its owner: its token. */
const emailInvite = async ({ sql, world }: MatrixContext): Promise<string> => {
  const id = await asUser(sql, world.people.owner, (tx) =>
    one(
      tx`select id from public.create_invite(${world.ws}, ${`matrix-${Date.now()}-${Math.random()}@example.test`})`
    )
  )
  const [row] = await sql<{ token: string }[]>`select token from public.invites where id = ${id}`
  return row!.token
}

/** A mail the owner took, an instant ago: its id. */
const takenMail = async ({ sql, world }: MatrixContext): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    insert into private.invite_mails (inviter, workspace_id) values (${world.people.owner.id}, ${world.ws})
    returning id::text as id`
  return row!.id
}

/** A done import of the workspace with one placeholder (with an address) nobody has claimed or
 * been invited to claim: the import's id. */
const doneImport = async ({ sql, world }: MatrixContext): Promise<string> => {
  const user = randomUUID()
  const [row] = await sql<{ id: string }[]>`
    insert into public.imports (workspace_id, started_by, source_path, status)
    values (${world.ws}, ${world.people.owner.id}, ${`${world.ws}/matrix.zip`}, 'done')
    returning id::text as id`
  await sql`insert into public.profiles (id, display_name, is_placeholder) values (${user}, 'Imported', true)`
  await sql`
    insert into private.import_placeholders (profile_id, workspace_id, import_id, slack_id, email)
    values (${user}, ${world.ws}, ${row!.id}, ${`U${user.slice(0, 8)}`}, ${`imported-${user.slice(0, 8)}@example.test`})`
  await sql`
    insert into private.import_people (import_id, slack_id, user_id, created, added)
    values (${row!.id}, ${`U${user.slice(0, 8)}`}, ${user}, true, true)`
  return row!.id
}

// prettier-ignore
export const INVITE_MAIL_CASES: readonly MatrixCase[] = [
  { kind: 'call', table: 'public.claim_invite_mail', what: "a mail of the workspace's email invitation", op: 'call', allowed: ['owner', 'admin'], row: emailInvite, args: (key: string) => ({ p_token: key }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from private.invite_mails m join public.invites i on i.id = m.invite_id where i.token = ${key}`).length > 0 },
  { kind: 'call', table: 'public.release_invite_mail', what: 'a mail given back without the service key', op: 'call', allowed: [], row: takenMail, args: (key: string) => ({ p_id: Number(key) }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from private.invite_mails where id = ${key}`).length === 0 },
  { kind: 'call', table: 'public.import_invitees', what: "an import's people still to invite", op: 'call', allowed: ['owner'], row: doneImport, args: (key: string) => ({ p_import: key }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1 },
  { kind: 'call', table: 'public.invite_mail_allowance', what: 'how many invitation mails one may still send', op: 'call', allowed: ['owner', 'admin'], row: async ({ world }: MatrixContext) => world.ws, args: (key: string) => ({ p_workspace: key }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length === 1 },
]
