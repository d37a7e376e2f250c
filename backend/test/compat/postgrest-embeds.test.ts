// postgrest-js's relationship cases (see postgrest-filters.test.ts): embeds to one and to many,
// junctions, hints, !inner, spread, self-references, and PostgREST's relationship errors.
import { describe, expect, it } from 'vitest'
import { usePostgrestStack } from './postgrest-fixture.ts'

const t = usePostgrestStack()

describe('embeds', () => {
  it('many-to-one gives an object, one-to-many an array', async () => {
    const toOne = await t.postgrest.from('messages').select('id, channels(slug)').order('id')
    expect(toOne.data).toEqual([
      { id: 1, channels: { slug: 'public' } },
      { id: 2, channels: { slug: 'random' } },
    ])
    const toMany = await t.postgrest.from('channels').select('slug, messages(id)').order('id')
    expect(toMany.data).toEqual([
      { slug: 'public', messages: [{ id: 1 }] },
      { slug: 'random', messages: [{ id: 2 }] },
    ])
  })

  it('one-to-one (FK that is also the primary key) gives an object', async () => {
    const res = await t.postgrest
      .from('channels')
      .select('slug, channel_details(details)')
      .eq('id', 1)
    expect(res.data).toEqual([
      { slug: 'public', channel_details: { details: 'Details for public channel' } },
    ])
  })

  it('many-to-many through the junction table', async () => {
    const res = await t.postgrest
      .from('products')
      .select('name, categories(name)')
      .order('id')
      .order('id', { referencedTable: 'categories' })
    expect(res.data).toEqual([
      { name: 'Laptop', categories: [{ name: 'Electronics' }, { name: 'Computers' }] },
      { name: 'Smartphone', categories: [{ name: 'Electronics' }] },
    ])
  })

  it('hints choose among several foreign keys; a nullable one gives null', async () => {
    const res = await t.postgrest
      .from('best_friends')
      .select(
        'id, first_user:users!best_friends_first_user_fkey(username), third_wheel:users!best_friends_third_wheel_fkey(username)'
      )
      .order('id')
    expect(res.data).toEqual([
      { id: 1, first_user: { username: 'supabot' }, third_wheel: null },
      { id: 2, first_user: { username: 'supabot' }, third_wheel: { username: 'kiwicopple' } },
    ])
  })

  it('an ambiguous embed is 300 PGRST201 listing the relationships', async () => {
    const res = await t.postgrest.from('best_friends').select('users(*)')
    expect(res.status).toBe(300)
    expect(res.error).toMatchObject({
      code: 'PGRST201',
      message:
        "Could not embed because more than one relationship was found for 'best_friends' and 'users'",
      hint: "Try changing 'users' to one of the following: 'users!best_friends_first_user_fkey', 'users!best_friends_second_user_fkey', 'users!best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
    })
    expect((res.error as unknown as { details: unknown[] }).details).toContainEqual({
      cardinality: 'many-to-one',
      embedding: 'best_friends with users',
      relationship:
        'best_friends_first_user_fkey using best_friends(first_user) and users(username)',
    })
  })

  it('no relationship is 400 PGRST200', async () => {
    const res = await t.postgrest.from('channels').select('slug, products(name)')
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'channels' and 'products' in the schema cache",
    })
  })

  it('!inner drops parents without matching children', async () => {
    const res = await t.postgrest
      .from('channels')
      .select('slug, messages!inner(id)')
      .eq('messages.id', 2)
    expect(res.data).toEqual([{ slug: 'random', messages: [{ id: 2 }] }])
    const left = await t.postgrest
      .from('channels')
      .select('slug, messages(id)')
      .eq('messages.id', 2)
      .order('id')
    expect(left.data).toEqual([
      { slug: 'public', messages: [] },
      { slug: 'random', messages: [{ id: 2 }] },
    ])
  })

  it('spread lifts a to-one embed into the parent', async () => {
    const res = await t.postgrest.from('messages').select('id, ...channels(slug)').order('id')
    expect(res.data).toEqual([
      { id: 1, slug: 'public' },
      { id: 2, slug: 'random' },
    ])
  })

  it('a self-reference through its column, and a computed relationship', async () => {
    const parent = await t.postgrest
      .from('collections')
      .select('id, parent_id(description)')
      .order('id')
    expect(parent.data).toEqual([
      { id: 1, parent_id: null },
      { id: 2, parent_id: { description: 'Root collection' } },
      { id: 3, parent_id: { description: 'Child of root' } },
    ])
    const computed = await t.postgrest.from('channels').select('slug, get_messages(id)').eq('id', 2)
    expect(computed.data).toEqual([{ slug: 'random', get_messages: [{ id: 2 }] }])
  })

  it('referencedTable or() filters the embedded rows', async () => {
    const res = await t.postgrest
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .or('id.eq.2', { referencedTable: 'messages' })
    expect(res.data).toEqual([{ username: 'supabot', messages: [{ id: 2 }] }])
  })
})
