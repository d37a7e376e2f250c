// postgrest-js's filter and transform suites (test/filters.test.ts, test/transforms.test.ts
// upstream) against the local stack: every filter builder on the seed users, ordering, limits and
// ranges (also on embedded resources) and CSV output. Embedded resources themselves:
// postgrest-embeds.test.ts.
import { describe, expect, it } from 'vitest'
import { usePostgrestStack } from './postgrest-fixture.ts'

const t = usePostgrestStack()

type Query = PromiseLike<{ data: unknown; error: unknown; status: number }>

/** The usernames a users query returns, asserting it succeeded with 200. */
async function names(query: Query): Promise<string[]> {
  const res = await query
  expect(res.error).toBeNull()
  expect(res.status).toBe(200)
  return (res.data as { username: string }[]).map((row) => row.username)
}

const users = () => t.postgrest.from('users').select('username').order('username')

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
    const messages = () => t.postgrest.from('messages').select('id').order('id')
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
        await t.postgrest
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
    const res = await t.postgrest.from('users').select().or('username.eq')
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({ code: 'PGRST100', details: expect.any(String) })
    expect((res.error as { message: string }).message).toMatch(/^"failed to parse logic tree/)
  })
})

describe('transforms', () => {
  it('order, ascending and descending', async () => {
    expect(await names(t.postgrest.from('users').select('username').order('username'))).toEqual([
      'awailas',
      'dragarcia',
      'kiwicopple',
      'supabot',
    ])
    expect(
      await names(
        t.postgrest.from('users').select('username').order('username', { ascending: false })
      )
    ).toEqual(['supabot', 'kiwicopple', 'dragarcia', 'awailas'])
    expect(
      await names(
        t.postgrest.from('users').select('username').order('status').order('username', {
          ascending: false,
        })
      )
    ).toEqual(['supabot', 'dragarcia', 'awailas', 'kiwicopple'])
  })

  it('order, limit and range on a referenced table', async () => {
    const ordered = await t.postgrest
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .order('id', { referencedTable: 'messages', ascending: false })
    expect(ordered.data).toEqual([{ username: 'supabot', messages: [{ id: 2 }, { id: 1 }] }])
    const limited = await t.postgrest
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .limit(1, { referencedTable: 'messages' })
    expect(limited.data).toEqual([{ username: 'supabot', messages: [{ id: 1 }] }])
    const ranged = await t.postgrest
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
    const res = await t.postgrest.from('users').select().order('username').csv()
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
    const res = await t.postgrest.from('messages').select('id, message').eq('id', 1).csv()
    expect(res.data).toBe('id,message\n1,"Hello World 👋"')
  })
})
