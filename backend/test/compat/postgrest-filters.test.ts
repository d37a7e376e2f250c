// postgrest-js's filter and transform suites (test/filters.test.ts, test/transforms.test.ts
// upstream) against the local stack: every filter builder on the seed users, ordering, limits and
// ranges (also on embedded resources) and CSV output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from '../support/stack.ts'
import { startPostgrestStack } from './postgrest-fixture.ts'

let stack: TestStack
let postgrest: SupabaseClient

beforeAll(async () => {
  stack = await startPostgrestStack()
  postgrest = stack.client(stack.serviceRoleKey)
})

afterAll(async () => {
  await stack?.stop()
})

type Query = PromiseLike<{ data: unknown; error: unknown; status: number }>

/** The usernames a users query returns, asserting it succeeded with 200. */
async function names(query: Query): Promise<string[]> {
  const res = await query
  expect(res.error).toBeNull()
  expect(res.status).toBe(200)
  return (res.data as { username: string }[]).map((row) => row.username)
}

const users = () => postgrest.from('users').select('username').order('username')

describe('filters', () => {
  it('not, or, eq, neq', async () => {
    expect(await names(users().not('status', 'eq', 'OFFLINE'))).toEqual([
      'awailas',
      'dragarcia',
      'supabot',
    ])
    expect(await names(users().or('status.eq.OFFLINE,username.eq.supabot'))).toEqual([
      'kiwicopple',
      'supabot',
    ])
    expect(await names(users().eq('username', 'supabot'))).toEqual(['supabot'])
    expect(await names(users().neq('username', 'supabot'))).toEqual([
      'awailas',
      'dragarcia',
      'kiwicopple',
    ])
  })

  it('gt, gte, lt, lte', async () => {
    const ids = async (query: Query) =>
      ((await query).data as { id: number }[]).map((row) => row.id)
    const messages = () => postgrest.from('messages').select('id').order('id')
    expect(await ids(messages().gt('id', 1))).toEqual([2])
    expect(await ids(messages().gte('id', 1))).toEqual([1, 2])
    expect(await ids(messages().lt('id', 2))).toEqual([1])
    expect(await ids(messages().lte('id', 2))).toEqual([1, 2])
  })

  it('like, ilike and their any/all forms', async () => {
    expect(await names(users().like('username', '%supa%'))).toEqual(['supabot'])
    expect(await names(users().likeAllOf('username', ['%supa%', '%bot%']))).toEqual(['supabot'])
    expect(await names(users().likeAnyOf('username', ['%supa%', '%kiwi%']))).toEqual([
      'kiwicopple',
      'supabot',
    ])
    expect(await names(users().ilike('username', '%SUPA%'))).toEqual(['supabot'])
    expect(await names(users().ilikeAllOf('username', ['%SUPA%', '%BOT%']))).toEqual(['supabot'])
    expect(await names(users().ilikeAnyOf('username', ['%SUPA%', '%KIWI%']))).toEqual([
      'kiwicopple',
      'supabot',
    ])
  })

  it('is, isDistinct, in, notIn', async () => {
    expect(await names(users().is('data', null))).toHaveLength(4)
    expect(await names(users().isDistinct('status', 'ONLINE'))).toEqual(['kiwicopple'])
    expect(await names(users().in('status', ['ONLINE', 'OFFLINE']))).toHaveLength(4)
    expect(await names(users().notIn('username', ['supabot', 'kiwicopple']))).toEqual([
      'awailas',
      'dragarcia',
    ])
    // Values with commas are double-quoted by the client and must match literally.
    expect(await names(users().in('username', ['a,b', 'supabot']))).toEqual(['supabot'])
  })

  it('range operators', async () => {
    expect(await names(users().contains('age_range', '[1,2)'))).toEqual(['supabot'])
    expect(await names(users().containedBy('age_range', '[1,2)'))).toEqual(['supabot'])
    expect(await names(users().rangeLt('age_range', '[2,25)'))).toEqual(['supabot'])
    expect(await names(users().rangeGt('age_range', '[2,25)'))).toEqual(['awailas', 'kiwicopple'])
    expect(await names(users().rangeGte('age_range', '[2,25)'))).toEqual([
      'awailas',
      'dragarcia',
      'kiwicopple',
    ])
    expect(await names(users().rangeLte('age_range', '[2,25)'))).toEqual(['supabot'])
    expect(await names(users().rangeAdjacent('age_range', '[2,25)'))).toEqual([
      'awailas',
      'kiwicopple',
      'supabot',
    ])
    expect(await names(users().overlaps('age_range', '[2,25)'))).toEqual(['dragarcia'])
  })

  it('textSearch in its four forms', async () => {
    const fts = async (type?: 'plain' | 'phrase' | 'websearch', query = "'fat' & 'cat'") =>
      (
        await postgrest
          .from('users')
          .select('catchphrase')
          .textSearch('catchphrase', query, { config: 'english', type })
      ).data
    expect(await fts()).toEqual([{ catchphrase: "'cat' 'fat'" }])
    expect(await fts('plain')).toEqual([{ catchphrase: "'cat' 'fat'" }])
    expect(await fts('phrase', 'cat')).toEqual([
      { catchphrase: "'cat' 'fat'" },
      { catchphrase: "'bat' 'cat'" },
    ])
    expect(await fts('websearch', 'fat cat')).toEqual([{ catchphrase: "'cat' 'fat'" }])
  })

  it('match, filter, regexMatch, regexIMatch', async () => {
    expect(await names(users().match({ username: 'supabot', status: 'ONLINE' }))).toEqual([
      'supabot',
    ])
    expect(await names(users().filter('username', 'eq', 'supabot'))).toEqual(['supabot'])
    expect(await names(users().filter('age_range', 'cs', '[1,2)'))).toEqual(['supabot'])
    expect(await names(users().regexMatch('username', '^sup'))).toEqual(['supabot'])
    expect(await names(users().regexIMatch('username', '^SUP'))).toEqual(['supabot'])
  })

  it('nested and/or trees', async () => {
    expect(
      await names(users().or('username.eq.supabot,and(status.eq.ONLINE,username.like.d*)'))
    ).toEqual(['dragarcia', 'supabot'])
    expect(await names(users().not('username', 'in', '(supabot,kiwicopple)'))).toEqual([
      'awailas',
      'dragarcia',
    ])
  })

  it('a malformed filter is 400 PGRST100', async () => {
    const res = await postgrest.from('users').select().or('username.eq')
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({ code: 'PGRST100', details: expect.any(String) })
    expect((res.error as { message: string }).message).toMatch(/^"failed to parse logic tree/)
  })
})

describe('transforms', () => {
  it('order, ascending and descending', async () => {
    expect(await names(postgrest.from('users').select('username').order('username'))).toEqual([
      'awailas',
      'dragarcia',
      'kiwicopple',
      'supabot',
    ])
    expect(
      await names(
        postgrest.from('users').select('username').order('username', { ascending: false })
      )
    ).toEqual(['supabot', 'kiwicopple', 'dragarcia', 'awailas'])
    expect(
      await names(
        postgrest.from('users').select('username').order('status').order('username', {
          ascending: false,
        })
      )
    ).toEqual(['supabot', 'dragarcia', 'awailas', 'kiwicopple'])
  })

  it('order, limit and range on a referenced table', async () => {
    const ordered = await postgrest
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .order('id', { referencedTable: 'messages', ascending: false })
    expect(ordered.data).toEqual([{ username: 'supabot', messages: [{ id: 2 }, { id: 1 }] }])
    const limited = await postgrest
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .limit(1, { referencedTable: 'messages' })
    expect(limited.data).toEqual([{ username: 'supabot', messages: [{ id: 1 }] }])
    const ranged = await postgrest
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .range(1, 1, { referencedTable: 'messages' })
    expect(ranged.data).toEqual([{ username: 'supabot', messages: [{ id: 2 }] }])
  })

  it('limit and range', async () => {
    expect(await names(users().limit(1))).toEqual(['awailas'])
    expect(await names(users().range(1, 2))).toEqual(['dragarcia', 'kiwicopple'])
  })

  it('csv() answers text/csv in PostgREST format', async () => {
    const res = await postgrest.from('users').select().order('username').csv()
    expect(res).toEqual({
      success: true,
      error: null,
      count: null,
      status: 200,
      statusText: 'OK',
      data: [
        'username,data,age_range,status,catchphrase',
        'awailas,,"[25,35)",ONLINE,"\'bat\' \'rat\'"',
        'dragarcia,,"[20,30)",ONLINE,"\'fat\' \'rat\'"',
        'kiwicopple,,"[25,35)",OFFLINE,"\'bat\' \'cat\'"',
        'supabot,,"[1,2)",ONLINE,"\'cat\' \'fat\'"',
      ].join('\n'),
    })
  })

  it('csv() quotes commas, quotes and spaces', async () => {
    const res = await postgrest.from('messages').select('id, message').eq('id', 1).csv()
    expect(res.data).toBe('id,message\n1,"Hello World 👋"')
  })
})

describe('embeds', () => {
  it('many-to-one gives an object, one-to-many an array', async () => {
    const toOne = await postgrest.from('messages').select('id, channels(slug)').order('id')
    expect(toOne.data).toEqual([
      { id: 1, channels: { slug: 'public' } },
      { id: 2, channels: { slug: 'random' } },
    ])
    const toMany = await postgrest.from('channels').select('slug, messages(id)').order('id')
    expect(toMany.data).toEqual([
      { slug: 'public', messages: [{ id: 1 }] },
      { slug: 'random', messages: [{ id: 2 }] },
    ])
  })

  it('one-to-one (FK that is also the primary key) gives an object', async () => {
    const res = await postgrest
      .from('channels')
      .select('slug, channel_details(details)')
      .eq('id', 1)
    expect(res.data).toEqual([
      { slug: 'public', channel_details: { details: 'Details for public channel' } },
    ])
  })

  it('many-to-many through the junction table', async () => {
    const res = await postgrest
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
    const res = await postgrest
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
    const res = await postgrest.from('best_friends').select('users(*)')
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
    const res = await postgrest.from('channels').select('slug, products(name)')
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'channels' and 'products' in the schema cache",
    })
  })

  it('!inner drops parents without matching children', async () => {
    const res = await postgrest
      .from('channels')
      .select('slug, messages!inner(id)')
      .eq('messages.id', 2)
    expect(res.data).toEqual([{ slug: 'random', messages: [{ id: 2 }] }])
    const left = await postgrest
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
    const res = await postgrest.from('messages').select('id, ...channels(slug)').order('id')
    expect(res.data).toEqual([
      { id: 1, slug: 'public' },
      { id: 2, slug: 'random' },
    ])
  })

  it('a self-reference through its column, and a computed relationship', async () => {
    const parent = await postgrest
      .from('collections')
      .select('id, parent_id(description)')
      .order('id')
    expect(parent.data).toEqual([
      { id: 1, parent_id: null },
      { id: 2, parent_id: { description: 'Root collection' } },
      { id: 3, parent_id: { description: 'Child of root' } },
    ])
    const computed = await postgrest.from('channels').select('slug, get_messages(id)').eq('id', 2)
    expect(computed.data).toEqual([{ slug: 'random', get_messages: [{ id: 2 }] }])
  })

  it('referencedTable or() filters the embedded rows', async () => {
    const res = await postgrest
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .or('id.eq.2', { referencedTable: 'messages' })
    expect(res.data).toEqual([{ username: 'supabot', messages: [{ id: 2 }] }])
  })
})
