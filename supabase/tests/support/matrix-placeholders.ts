// The RLS matrix's cases for imported people's placeholders (issue 49, item 1): a placeholder is
// a profile read as any co-worker's (by the workspace's members), written by nobody through the
// API (import_people and a claim do), and nobody marks themselves imported. Its address and the
// claims are in private tables (private.import_placeholders, private.import_claims: outside the
// API). Accepting an owner's email invitation made after the import claims the placeholder of
// that address only for the account whose verified address it is (none of the matrix's people),
// and only that account is told what accepting it brings (invite_imported).
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { fixed, members, unique } from './matrix-kit.ts'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import type { World } from './world.ts'

/** A done import of the workspace and a placeholder it made, with `email`: the placeholder. */
async function placeholder(
  sql: Sql | TransactionSql,
  world: World,
  ws: string,
  email: string | null = null
): Promise<string> {
  const id = randomUUID()
  const [run] = await sql<{ id: string }[]>`
    insert into public.imports (workspace_id, started_by, source_path, status, finished_at)
    values (${ws}, ${world.people.owner.id}, ${`${ws}/matrix.zip`}, 'done', now() - interval '1 minute')
    returning id::text as id`
  await sql`insert into public.profiles (id, display_name, is_placeholder) values (${id}, 'Imported', true)`
  await sql`insert into public.workspace_members (workspace_id, user_id) values (${ws}, ${id})`
  await sql`
    insert into private.import_placeholders (profile_id, workspace_id, import_id, slack_id, email)
    values (${id}, ${ws}, ${run!.id}, ${`U${id.slice(0, 8)}`}, ${email})`
  return id
}

const placeholderIn =
  (ws: (w: World) => string) =>
  async ({ sql, world }: MatrixContext): Promise<string> =>
    placeholder(sql, world, ws(world))

/** The owner's email invitation, after the import, to a placeholder's address: its token. */
const claimInvite = async ({ sql, world }: MatrixContext): Promise<string> => {
  const email = `imported-${randomUUID().slice(0, 8)}@example.test`
  await placeholder(sql, world, world.ws, email)
  const [invite] = await sql<{ token: string }[]>`
    insert into public.invites (workspace_id, email, created_by)
    values (${world.ws}, ${email}, ${world.people.owner.id}) returning token`
  return invite!.token
}

const claimed = async (sql: Sql | TransactionSql, token: string) =>
  (
    await sql`
      select 1 from private.import_placeholders ph
      join public.invites i on i.workspace_id = ph.workspace_id and i.email = ph.email
      where i.token = ${token}`
  ).length === 0

// prettier-ignore
export const PLACEHOLDER_CASES: readonly MatrixCase[] = [
  { kind: 'row', table: 'public.profiles', what: "an imported person's placeholder", op: 'select', allowed: members, row: placeholderIn((w) => w.ws) },
  { kind: 'row', table: 'public.profiles', what: "a placeholder in another workspace (the outsider's)", op: 'select', allowed: ['outsider'], row: placeholderIn((w) => w.ws2) },
  { kind: 'row', table: 'public.profiles', what: "a placeholder's name", op: 'update', allowed: [], row: placeholderIn((w) => w.ws), patch: () => ({ display_name: unique('Renamed') }) },
  { kind: 'row', table: 'public.profiles', what: "member's own imported mark", op: 'update', allowed: [], row: fixed((w) => w.people.member.id), patch: () => ({ is_placeholder: true, display_name: unique('Imported') }) },
  { kind: 'row', table: 'public.profiles', what: 'a placeholder', op: 'delete', allowed: [], row: placeholderIn((w) => w.ws) },
  { kind: 'call', table: 'public.invite_imported', what: "what an invitation to another's address would bring", op: 'call', allowed: [], row: claimInvite, args: (key: string) => ({ p_token: key }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => rows.length > 0 },
  { kind: 'call', table: 'public.accept_invite', what: "a placeholder claimed with an invitation to another's address", op: 'call', allowed: [], row: claimInvite, args: (key: string) => ({ p_token: key }), done: async (sql: Sql | TransactionSql, key: string) => claimed(sql, key) },
]
