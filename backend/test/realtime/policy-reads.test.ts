// What the re-check of private channels compares (platform/58-realtime-policy-reads.sql): the
// tables a transaction scanned since a baseline of its scan counts, and a fingerprint of their
// rows that any insert, update or delete changes, that stays the same while nothing changes, and
// that is never the same twice for tables of more rows than the round may sum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

const SCHEMA = `
create table public.read_here (id int primary key, v text);
create table public.read_before (id int primary key);
insert into public.read_here select n, 'v' || n from generate_series(1, 50) n;
insert into public.read_before values (1);
`

let stack: TestStack
let here: number
let before: number

beforeAll(async () => {
  stack = await startTestStack({ migrations: { '20240101000000_reads.sql': SCHEMA } })
  const rows = await stack.sql<{ here: number; before: number }[]>`
    select 'public.read_here'::regclass::oid::int as here, 'public.read_before'::regclass::oid::int as before`
  here = rows[0]!.here
  before = rows[0]!.before
})

afterAll(async () => {
  await stack?.stop()
})

const fingerprint = async (relid: number, maxRows = 1000) =>
  (
    await stack.sql<{ f: string }[]>`
      select _supabase_local.policy_fingerprint(array[${relid}]::oid[], ${maxRows}) as f`
  )[0]!.f

describe('policy_reads', () => {
  it('names the tables scanned since the baseline, not those scanned before it', async () => {
    const reads = await stack.sql.begin(async (tx) => {
      await tx`select * from public.read_before`
      await tx`select set_config('t.scans', _supabase_local.scan_counts()::text, true)`
      await tx`select v from public.read_here where id = 7`
      return tx<{ reads: number[] }[]>`
        select _supabase_local.policy_reads(current_setting('t.scans')::jsonb)::int[] as reads`
    })
    expect(reads[0]!.reads).toContain(here)
    expect(reads[0]!.reads).not.toContain(before)
  })
})

describe('policy_fingerprint', () => {
  it('stays the same while nothing changes, and changes with an insert, an update, a delete', async () => {
    const first = await fingerprint(here)
    expect(await fingerprint(here)).toBe(first)
    await stack.sql`insert into public.read_here values (51, 'new')`
    const inserted = await fingerprint(here)
    expect(inserted).not.toBe(first)
    await stack.sql`update public.read_here set v = 'changed' where id = 3`
    const updated = await fingerprint(here)
    expect(updated).not.toBe(inserted)
    await stack.sql`delete from public.read_here where id = 4`
    const deleted = await fingerprint(here)
    expect(deleted).not.toBe(updated)
    // Another table's change is not this one's.
    await stack.sql`insert into public.read_before values (2)`
    expect(await fingerprint(here)).toBe(deleted)
  })

  it('is never the same twice for more rows than it may sum', async () => {
    await stack.sql`analyze public.read_here`
    const a = await fingerprint(here, 10)
    const b = await fingerprint(here, 10)
    expect(a).toMatch(/^large /)
    expect(b).not.toBe(a)
  })
})
