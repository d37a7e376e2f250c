// The batched RLS check against the real database: one call answers for many groups of
// subscribers, and it waits for the writing transaction to be visible (the replication stream
// hands a commit over a moment before other sessions see it).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildCheck, runCheck } from '../../src/realtime/changes/rls-check.ts'
import { TableCatalog } from '../../src/realtime/changes/tables.ts'
import type { TableInfo } from '../../src/realtime/changes/tables.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

const SCHEMA = `
create table public.docs (id int primary key, owner text not null);
alter table public.docs enable row level security;
create policy "owners read" on public.docs for select to authenticated
  using (owner = (select auth.jwt()) ->> 'sub');
`

let stack: TestStack
let table: TableInfo

beforeAll(async () => {
  stack = await startTestStack({ migrations: { '20240101000000_docs.sql': SCHEMA } })
  const [{ relid } = { relid: 0 }] = await stack.sql<{ relid: number }[]>`
    select 'public.docs'::regclass::oid::int as relid
  `
  table = (await new TableCatalog(stack.context.db.admin).table(relid)) as TableInfo
})

afterAll(async () => {
  await stack?.stop()
})

const group = (sub: string, rows: number[]) => ({
  role: 'authenticated',
  claimsJson: JSON.stringify({ sub, role: 'authenticated' }),
  sub,
  rows,
})

describe('the batched RLS check', () => {
  it('tells each group which rows its policies let it see', async () => {
    await stack.sql`insert into public.docs values (1, 'ann'), (2, 'bob'), (3, 'ann')`
    const keys = new Map([
      [0, ['1']],
      [1, ['2']],
      [2, ['3']],
      [3, ['404']],
    ])
    const groups = [group('ann', [0, 1, 2, 3]), group('bob', [0, 1, 2, 3]), group('eve', [1])]
    const { visible, failed } = await runCheck(
      stack.context.db,
      buildCheck(table, keys, groups, [])
    )
    expect([...(visible.get(0) ?? [])].sort()).toEqual([0, 2])
    expect([...(visible.get(1) ?? [])]).toEqual([1])
    expect(visible.get(2)).toBeUndefined()
    expect(failed).toEqual([])
  })

  it('isolates a group whose policy raises an error', async () => {
    await stack.sql`
      create policy "raises for mallory" on public.docs for select to authenticated
        using (1 / (case when (select auth.jwt()) ->> 'sub' = 'mallory' then 0 else 1 end) = 1)
    `
    try {
      const keys = new Map([[0, ['1']]])
      const groups = [group('mallory', [0]), group('ann', [0])]
      const call = buildCheck(table, keys, groups, [])
      await expect(runCheck(stack.context.db, call)).rejects.toThrow('division by zero')
      const { visible, failed } = await runCheck(stack.context.db, call, true)
      expect(failed).toEqual([0])
      expect(visible.get(0)).toBeUndefined()
      expect([...(visible.get(1) ?? [])]).toEqual([0])
    } finally {
      await stack.sql`drop policy "raises for mallory" on public.docs`
    }
  })

  it('waits until the writing transaction is visible before checking', async () => {
    const writer = await stack.sql.reserve()
    try {
      await writer`begin`
      await writer`insert into public.docs values (10, 'ann')`
      const [{ xid } = { xid: '0' }] = await writer<
        { xid: string }[]
      >`select txid_current()::text as xid`
      const xid32 = Number(BigInt(xid) & 0xffffffffn)
      const check = runCheck(
        stack.context.db,
        buildCheck(table, new Map([[0, ['10']]]), [group('ann', [0])], [xid32])
      )
      // The check is waiting (sleeping between looks at the snapshot) while the writer is open.
      await vi.waitFor(
        async () => {
          const [waiting] = await stack.sql<{ n: number }[]>`
            select count(*)::int as n from pg_stat_activity
            where wait_event = 'PgSleep' and query like '%realtime_visible_rows%'
          `
          expect(waiting?.n ?? 0, 'the check is not waiting on the writer').toBeGreaterThan(0)
        },
        { timeout: 20_000, interval: 10 }
      )
      await writer`commit`
      expect([...((await check).visible.get(0) ?? [])]).toEqual([0])
    } finally {
      writer.release()
    }
  })
})
