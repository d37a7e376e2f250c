// The RLS matrix's cases for user groups, spread into MATRIX by matrix.ts: readable by the
// workspace's members, written only through the RPCs (admins make and delete them). The members
// of groups and @here's activity have no id column for the matrix: groups-broadcast-mentions.test.ts
// reads them as each role.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { asUser } from './world.ts'
import type { World } from './world.ts'

interface Ctx {
  sql: Sql
  world: World
}

const admins = ['owner', 'admin'] as const
const members = ['owner', 'admin', 'member'] as const
const handle = () => `g${randomUUID().slice(0, 8)}`
/** The handle the last create_user_group call asked for (its effect is read back by it). */
let asked = ''
/** The threshold the last set_broadcast_warning call asked for. */
let over = 0

/** A group of W made by the owner, with member2 in it. */
const groupOfW = async ({ sql, world }: Ctx): Promise<string> => {
  const [row] = await asUser(
    sql,
    world.people.owner,
    (tx) => tx<{ id: string }[]>`
      select id from public.create_user_group(${world.ws}, ${handle()}, 'Matrix group', '',
        ${[world.people.member2.id]}::uuid[])`
  )
  return row!.id
}

// prettier-ignore
export const GROUP_CASES = [
  { kind: 'row' as const, table: 'public.user_groups', what: 'a group of the workspace', op: 'select' as const, allowed: members, row: groupOfW },
  { kind: 'row' as const, table: 'public.user_groups', what: 'a forged group', op: 'insert' as const, allowed: [] as const, values: ({ world }: Ctx) => ({ workspace_id: world.ws, handle: handle(), name: 'forged' }) },
  { kind: 'row' as const, table: 'public.user_groups', what: "a group's name", op: 'update' as const, allowed: [] as const, row: groupOfW, patch: () => ({ name: `renamed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row' as const, table: 'public.user_groups', what: 'a group', op: 'delete' as const, allowed: [] as const, row: groupOfW },
  { kind: 'call' as const, table: 'public.create_user_group', what: 'a group made', op: 'call' as const, allowed: admins, row: async ({ world }: Ctx) => world.ws, args: (key: string) => ({ p_workspace_id: key, p_handle: (asked = handle()), p_name: 'Made' }), done: async (sql: Sql | TransactionSql) => (await sql`select 1 from public.user_groups where handle = ${asked}`).length === 1, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.delete_user_group', what: 'a group deleted', op: 'call' as const, allowed: admins, row: groupOfW, args: (key: string) => ({ p_group_id: key }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.user_groups where id = ${key}`).length === 0, refusals: ['22023'] },
  { kind: 'call' as const, table: 'public.set_broadcast_warning', what: 'when mentioning many asks first', op: 'call' as const, allowed: ['owner'] as const, row: async ({ world }: Ctx) => world.ws, args: (key: string) => ({ p_workspace_id: key, p_over: (over = 6 + Math.floor(Math.random() * 90000)) }), done: async (sql: Sql | TransactionSql, key: string) => (await sql`select 1 from public.workspaces where id = ${key} and broadcast_warn_over = ${over}`).length === 1 },
  { kind: 'call' as const, table: 'public.mention_reach', what: "whom @channel would notify in plaza", op: 'call' as const, allowed: ['owner', 'admin', 'member', 'guest'] as const, row: async ({ world }: Ctx) => world.ch.plaza, args: (key: string) => ({ p_channel_id: key, p_body: '<!channel>' }), done: async (_sql: Sql | TransactionSql, _key: string, rows: readonly Record<string, unknown>[]) => typeof rows[0]?.reach === 'number' },
]
