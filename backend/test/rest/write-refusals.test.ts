// The writes PostgREST refuses, leaving the data as it was (see write.test.ts): constraint
// violations, unknown columns, bad bodies, writes without a filter, max-affected.
import { describe, expect, it } from 'vitest'
import type { PostgrestError } from '@supabase/supabase-js'
import { rest } from './fixture.ts'
import { useStack } from './support.ts'
import { itemRow } from './write-support.ts'

type PostgrestResponse = { status: number; error: PostgrestError | null }

const t = useStack()

const item = (id: number) => itemRow(t.stack, id)

describe('insert', () => {
  it('maps constraint violations to PostgREST statuses and keeps the data', async () => {
    const dup = await t.db.from('items').insert({ id: 1, name: 'dup' })
    expect(dup.status).toBe(409)
    expect(dup.error).toEqual({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "items_pkey"',
    })
    const fk = await t.db.from('films').insert({ title: 'x', director_id: 999 })
    expect(fk.status).toBe(409)
    expect(fk.error?.code).toBe('23503')
    const notNull = await t.db.from('films').insert({ year: 1 })
    expect(notNull.status).toBe(400)
    expect(notNull.error?.code).toBe('23502')
    const check = await t.db.from('todos').insert({ task: '' })
    expect([401, 400]).toContain(check.status)
    expect(await item(1)).toMatchObject({ name: 'apple', price: 1.5 })
  })

  it('refuses unknown columns (PGRST204), uneven bulk keys and invalid JSON (PGRST102)', async () => {
    const unknown = await t.db.from('items').insert({ id: 120, colour: 'red' } as never)
    expect(unknown.status).toBe(400)
    expect(unknown.error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'colour' column of 'items' in the schema cache",
    })
    const uneven = await rest(t.stack, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[{"id":121},{"name":"x"}]',
    })
    expect(uneven.status).toBe(400)
    expect(uneven.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'All object keys must match',
    })
    const invalid = await rest(t.stack, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id": 122,',
    })
    expect(invalid.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    })
    expect(await item(121)).toBeNull()
  })
})

describe('update and delete', () => {
  it('refuses UPDATE and DELETE without a filter (pg-safeupdate) and changes nothing', async () => {
    const before = await t.stack.sql`select count(*)::int as n from items`
    const del = await t.db.from('items').delete()
    expect(del.status).toBe(400)
    expect(del.error).toEqual({
      code: '21000',
      details: null,
      hint: null,
      message: 'DELETE requires a WHERE clause',
    })
    const upd = await t.db.from('items').update({ note: 'all' })
    expect(upd.status).toBe(400)
    expect(upd.error).toEqual({
      code: '21000',
      details: null,
      hint: null,
      message: 'UPDATE requires a WHERE clause',
    })
    expect(await t.stack.sql`select count(*)::int as n from items`).toEqual(before)
    expect((await t.stack.sql`select count(*)::int as n from items where note = 'all'`)[0]?.n).toBe(
      0
    )
  })

  it('enforces max-affected with handling=strict, rolling back', async () => {
    // maxAffected() is typed for PostgREST 13 clients; the untyped test client is not one.
    const strict = (query: unknown) =>
      query as { maxAffected(n: number): Promise<PostgrestResponse> }
    const over = await strict(t.db.from('items').update({ note: 'bulk' }).gt('id', 0)).maxAffected(
      1
    )
    expect(over.status).toBe(400)
    expect(over.error?.code).toBe('PGRST124')
    expect(over.error?.message).toBe('Query result exceeds max-affected preference constraint')
    expect(
      (await t.stack.sql`select count(*)::int as n from items where note = 'bulk'`)[0]?.n
    ).toBe(0)
    const within = await strict(t.db.from('items').update({ note: 'one' }).eq('id', 2)).maxAffected(
      1
    )
    expect(within.status).toBe(204)
    expect(await item(2)).toMatchObject({ note: 'one' })
  })
})
