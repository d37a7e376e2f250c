// Writes through the real supabase-js: insert, upsert, update, delete, PUT, Prefer handling,
// Location and tx=rollback. The writes PostgREST refuses (constraint violations, unknown columns,
// bad bodies, the safe-update rule, max-affected): write-refusals.test.ts.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { useStack } from './support.ts'
import { itemRow } from './write-support.ts'

const t = useStack()

const item = (id: number) => itemRow(t.stack, id)

describe('insert', () => {
  it('inserts one row: 201 and no body by default, the row with select()', async () => {
    const minimal = await t.db.from('items').insert({ id: 100, name: 'kiwi' })
    expect(minimal).toMatchObject({ status: 201, data: null, error: null })
    expect(await item(100)).toEqual({ id: 100, name: 'kiwi', price: 0, stock: 10, note: null })
    const { data, status } = await t.db
      .from('items')
      .insert({ id: 101, name: 'fig', price: 4 })
      .select('id, name, price')
    expect(status).toBe(201)
    expect(data).toEqual([{ id: 101, name: 'fig', price: 4 }])
  })

  it('inserts many rows; keys missing from a row are NULL unless missing=default', async () => {
    const { data } = await t.db
      .from('items')
      .insert([
        { id: 102, name: 'a', stock: 1 },
        { id: 103, name: 'b', note: 'n' },
      ])
      .select('id, stock, note')
      .order('id')
    expect(data).toEqual([
      { id: 102, stock: 1, note: null },
      { id: 103, stock: null, note: 'n' },
    ])
    const { data: defaults } = await t.db
      .from('items')
      .insert(
        [
          { id: 104, name: 'c' },
          { id: 105, stock: 7 },
        ],
        { defaultToNull: false }
      )
      .select('id, name, stock, price')
    expect(defaults).toEqual([
      { id: 104, name: 'c', stock: 10, price: 0 },
      { id: 105, name: null, stock: 7, price: 0 },
    ])
  })

  it('uses each request’s own values when requests share a shape (cached plans)', async () => {
    for (const [id, name] of [
      [170, 'first'],
      [171, 'second'],
      [172, 'third'],
    ] as const) {
      const { data } = await t.db.from('items').insert({ id, name }).select('id, name')
      expect(data).toEqual([{ id, name }])
    }
    for (const id of [170, 171, 172]) {
      const { data } = await t.db.from('items').select('name').eq('id', id).single()
      expect(data).toEqual({ name: id === 170 ? 'first' : id === 171 ? 'second' : 'third' })
    }
    const patched = await t.db.from('items').update({ note: 'a' }).eq('id', 170).select('id, note')
    const again = await t.db.from('items').update({ note: 'b' }).eq('id', 171).select('id, note')
    expect([patched.data, again.data]).toEqual([[{ id: 170, note: 'a' }], [{ id: 171, note: 'b' }]])
  })

  it('counts inserted rows in Content-Range', async () => {
    const { count, status } = await t.db
      .from('items')
      .insert([{ id: 106 }, { id: 107 }], { count: 'exact' })
    expect(status).toBe(201)
    expect(count).toBe(2)
    const r = await rest(t.stack, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'count=exact' },
      body: '{"id":108}',
    })
    expect(r.headers.get('content-range')).toBe('*/1')
  })

  it('inserts default values for an empty object and reads CSV and form bodies', async () => {
    await t.stack
      .sql`create table if not exists defaults_only (id serial primary key, made timestamptz default now())`
    await t.stack.sql`notify pgrst, 'reload schema'`
    await expect
      .poll(async () => (await t.db.from('defaults_only').insert({}).select('id')).data, {
        timeout: 5000,
      })
      .toEqual([{ id: expect.any(Number) }])
    const csv = await rest(t.stack, '/items', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', prefer: 'return=representation' },
      body: 'id,name,note\n110,"x, y",NULL\n111,z,',
    })
    expect(csv.status).toBe(201)
    expect(csv.json()).toEqual([
      { id: 110, name: 'x, y', price: 0, stock: 10, note: null },
      { id: 111, name: 'z', price: 0, stock: 10, note: '' },
    ])
    const form = await rest(t.stack, '/items', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        prefer: 'return=representation',
      },
      body: 'id=112&name=form+data',
    })
    expect(form.json()).toEqual([{ id: 112, name: 'form data', price: 0, stock: 10, note: null }])
  })

  it('answers return=headers-only with a Location', async () => {
    const r = await rest(t.stack, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=headers-only' },
      body: '{"id":113,"name":"located"}',
    })
    expect(r.status).toBe(201)
    expect(r.headers.get('location')).toBe('/items?id=eq.113')
    expect(r.text).toBe('')
  })

  it('inserts through an auto-updatable view', async () => {
    const { data, error } = await t.db
      .from('film_summaries')
      .insert({ title: 'Through a view', year: 1910 })
      .select('title, year')
    expect(error).toBeNull()
    expect(data).toEqual([{ title: 'Through a view', year: 1910 }])
  })
})

describe('upsert', () => {
  it('merges duplicates on the primary key: 201 when a row was inserted, 200 when all were updated', async () => {
    const inserted = await t.db
      .from('items')
      .upsert({ id: 130, name: 'grape', price: 1 })
      .select('id, price')
    expect(inserted).toMatchObject({ status: 201, data: [{ id: 130, price: 1 }] })
    const updated = await t.db
      .from('items')
      .upsert({ id: 130, name: 'grape', price: 2 })
      .select('id, price')
    expect(updated).toMatchObject({ status: 200, data: [{ id: 130, price: 2 }] })
    const r = await rest(t.stack, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' },
      body: '{"id":130,"name":"grape","price":3}',
    })
    expect(r.headers.get('preference-applied')).toBe('resolution=merge-duplicates')
  })

  it('merges on on_conflict columns and ignores duplicates when asked', async () => {
    const { data } = await t.db
      .from('items')
      .upsert({ id: 999, name: 'apple', price: 9 }, { onConflict: 'name' })
      .select('id, name, price')
    expect(data).toEqual([{ id: 999, name: 'apple', price: 9 }])
    const { data: ignored, status } = await t.db
      .from('items')
      .upsert(
        [
          { id: 2, name: 'pear again' },
          { id: 131, name: 'new one' },
        ],
        { ignoreDuplicates: true }
      )
      .select('id, name')
    expect(status).toBe(201)
    expect(ignored).toEqual([{ id: 131, name: 'new one' }])
    expect(await item(2)).toMatchObject({ name: 'pear' })
  })

  it('upserts one row with PUT', async () => {
    const created = await rest(t.stack, '/items?id=eq.140', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: '{"id":140,"name":"put","price":1,"stock":1,"note":null}',
    })
    expect(created.status).toBe(201)
    const replaced = await rest(t.stack, '/items?id=eq.140', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: '{"id":140,"name":"put2","price":2,"stock":2,"note":"n"}',
    })
    expect(replaced.status).toBe(200)
    expect(replaced.json()).toEqual([{ id: 140, name: 'put2', price: 2, stock: 2, note: 'n' }])
    const mismatch = await rest(t.stack, '/items?id=eq.141', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"id":140,"name":"x"}',
    })
    expect(mismatch.json()).toMatchObject({ code: 'PGRST115' })
    const notPk = await rest(t.stack, '/items?name=eq.x', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"id":140}',
    })
    expect(notPk.status).toBe(405)
    expect(notPk.json()).toMatchObject({ code: 'PGRST105' })
  })
})

describe('update and delete', () => {
  it('updates the filtered rows: 204 without select, rows and count with', async () => {
    const minimal = await t.db.from('items').update({ note: 'ripe' }).eq('id', 3)
    expect(minimal).toMatchObject({ status: 204, data: null })
    expect(await item(3)).toMatchObject({ note: 'ripe' })
    const { data, status, count } = await t.db
      .from('items')
      .update({ stock: 50 }, { count: 'exact' })
      .in('id', [3, 102])
      .select('id, stock')
      .order('id')
    expect(status).toBe(200)
    expect(count).toBe(2)
    expect(data).toEqual([
      { id: 3, stock: 50 },
      { id: 102, stock: 50 },
    ])
    const r = await rest(t.stack, '/items?id=in.(3,102)', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'count=exact' },
      body: '{"stock":51}',
    })
    expect(r.headers.get('content-range')).toBe('0-1/2')
  })

  it('returns embedded resources with the updated rows', async () => {
    const { data } = await t.db
      .from('films')
      .update({ rating: 8.3 })
      .eq('id', 2)
      .select('title, rating, directors(last_name)')
    expect(data).toEqual([
      { title: 'A Trip to the Moon', rating: 8.3, directors: { last_name: 'Méliès' } },
    ])
  })

  it('deletes the filtered rows and returns them when asked', async () => {
    await t.stack.sql`insert into items (id, name) values (150, 'gone'), (151, 'gone too')`
    const { data, status } = await t.db
      .from('items')
      .delete()
      .like('name', 'gone%')
      .select('id')
      .order('id')
    expect(status).toBe(200)
    expect(data).toEqual([{ id: 150 }, { id: 151 }])
    const again = await t.db.from('items').delete({ count: 'exact' }).eq('id', 150)
    expect(again).toMatchObject({ status: 204, count: 0 })
  })

  it('rolls back with Prefer: tx=rollback but answers as if committed', async () => {
    const { data, status } = await t.db
      .from('items')
      .insert({ id: 160, name: 'phantom' })
      .select('id, name')
      .rollback()
    expect(status).toBe(201)
    expect(data).toEqual([{ id: 160, name: 'phantom' }])
    expect(await item(160)).toBeNull()
  })

  it('rolls back a write whose single() result is not one row', async () => {
    const r = await t.db
      .from('items')
      .update({ note: 'single' })
      .in('id', [2, 3])
      .select('id')
      .single()
    expect(r.status).toBe(406)
    expect(r.error?.code).toBe('PGRST116')
    expect(
      (await t.stack.sql`select count(*)::int as n from items where note = 'single'`)[0]?.n
    ).toBe(0)
  })
})
