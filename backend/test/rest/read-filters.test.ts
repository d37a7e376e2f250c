// Reads through the real supabase-js: every filter operator, logic trees, ordering, pagination,
// counts, media types and aggregates.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { FILTER_CASES } from './read-filter-cases.ts'
import { useStack } from './support.ts'

const t = useStack()

async function titles(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<string[]> {
  const { data, error } = await query
  expect(error).toBeNull()
  return (data as { title: string }[]).map((r) => r.title)
}

describe('filters', () => {
  it.each(FILTER_CASES)('%s', async (_name, apply, expected) => {
    const result = await titles(apply(t.db.from('films').select('title')).order('id'))
    expect(result.sort()).toEqual([...expected].sort())
  })

  it('reports bad values and bad syntax', async () => {
    const { error, status } = await t.db.from('films').select('title').eq('year', 'abc')
    expect(status).toBe(400)
    expect(error).toEqual({
      code: '22P02',
      details: null,
      hint: null,
      message: 'invalid input syntax for type integer: "abc"',
    })
    const bad = await t.db.from('films').select('title').filter('year', 'between', '1..2')
    expect(bad.status).toBe(400)
    expect(bad.error?.code).toBe('PGRST100')
    expect(bad.error?.message).toBe('"failed to parse filter (between.1..2)" (line 1, column 1)')
  })
})

describe('ordering and pagination', () => {
  it('orders with nulls first or last', async () => {
    expect(
      await titles(
        t.db
          .from('films')
          .select('title')
          .order('year', { ascending: false, nullsFirst: false })
          .limit(2)
      )
    ).toEqual(['The Impossible Voyage', 'A Trip to the Moon'])
    expect(
      await titles(t.db.from('films').select('title').order('year', { nullsFirst: true }).limit(2))
    ).toEqual(['Untitled', 'Workers Leaving the Factory'])
    expect(
      await titles(
        t.db
          .from('films')
          .select('title')
          .order('genre')
          .order('year', { ascending: false })
          .limit(3)
      )
    ).toEqual(['The Impossible Voyage', 'A Trip to the Moon', 'The Cabbage Fairy'])
  })

  it('pages with range and counts with 206 and Content-Range', async () => {
    const page = await t.db.from('films').select('id', { count: 'exact' }).order('id').range(1, 2)
    expect(page).toMatchObject({ status: 206, count: 5, data: [{ id: 2 }, { id: 3 }] })
    const all = await t.db.from('films').select('id', { count: 'exact' })
    expect(all).toMatchObject({ status: 200, count: 5 })
    const head = await t.db
      .from('films')
      .select('*', { count: 'exact', head: true })
      .lt('year', 1900)
    expect(head).toMatchObject({ status: 200, count: 2, data: null })
    const raw = await rest(t.stack, '/films?select=id&order=id&offset=1&limit=2', {
      headers: { prefer: 'count=exact' },
    })
    expect(raw.headers.get('content-range')).toBe('1-2/5')
    const none = await rest(t.stack, '/films?select=id&id=eq.999')
    expect(none.headers.get('content-range')).toBe('*/*')
    expect(none.text).toBe('[]')
  })

  it('refuses an offset past the end with 416 PGRST103', async () => {
    const { error, status } = await t.db
      .from('films')
      .select('id', { count: 'exact' })
      .range(10, 12)
    expect(status).toBe(416)
    expect(error).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    })
  })

  it('gives planned and estimated counts', async () => {
    const planned = await t.db.from('films').select('id', { count: 'planned' }).limit(1)
    expect(planned.error).toBeNull()
    expect(planned.count).toBeGreaterThan(0)
    const estimated = await t.db.from('films').select('id', { count: 'estimated' }).limit(1)
    expect(estimated.count).toBe(5)
  })

  it('honours the Range request header', async () => {
    const r = await rest(t.stack, '/films?select=id&order=id', { headers: { range: '1-2' } })
    expect(r.json()).toEqual([{ id: 2 }, { id: 3 }])
    expect(r.headers.get('content-range')).toBe('1-2/*')
  })
})

describe('media types', () => {
  it('single() returns an object, PGRST116 otherwise', async () => {
    const { data } = await t.db.from('films').select('title').eq('id', 2).single()
    expect(data).toEqual({ title: 'A Trip to the Moon' })
    const none = await t.db.from('films').select('title').eq('id', 999).single()
    expect(none.status).toBe(406)
    expect(none.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
    const many = await t.db.from('films').select('title').single()
    expect(many.error?.details).toBe('The result contains 5 rows')
  })

  it('maybeSingle() gives null for no rows', async () => {
    const { data, error } = await t.db.from('films').select('title').eq('id', 999).maybeSingle()
    expect(error).toBeNull()
    expect(data).toBeNull()
  })

  it('csv() returns CSV text', async () => {
    const { data } = await t.db.from('films').select('id,title,year').lt('id', 3).order('id').csv()
    // Rows are PostgreSQL record text, as PostgREST renders them: values with spaces are quoted.
    expect(data).toBe(
      'id,title,year\n1,"Workers Leaving the Factory",1895\n2,"A Trip to the Moon",1902'
    )
  })

  it('stripNulls() leaves out null values', async () => {
    const { data } = await t.db.from('films').select('id,year,rating').eq('id', 5).stripNulls()
    expect(data).toEqual([{ id: 5 }])
    const r = await rest(t.stack, '/films?select=id,year&id=eq.5', {
      headers: { accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    })
    expect(r.text).toBe('{"id":5}')
    expect(r.headers.get('content-type')).toBe(
      'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8'
    )
  })

  it('answers 406 PGRST107 for media types it cannot produce', async () => {
    const r = await rest(t.stack, '/films', { headers: { accept: 'text/html' } })
    expect(r.status).toBe(406)
    expect(r.json()).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message: 'None of these media types are available: text/html',
    })
  })

  it('sends PostgREST’s headers', async () => {
    const r = await rest(t.stack, '/films?select=id&id=eq.1')
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(r.headers.get('content-location')).toBe('/films?id=eq.1&select=id')
    expect(r.headers.get('content-profile')).toBe('public')
    expect(r.headers.get('access-control-expose-headers')).toContain('Content-Range')
  })
})

describe('aggregates', () => {
  it('are refused unless pgrst.db_aggregates_enabled, then group by the other columns', async () => {
    const refused = await t.db.from('films').select('genre, count()')
    expect(refused.status).toBe(400)
    expect(refused.error).toEqual({
      code: 'PGRST123',
      details: null,
      hint: null,
      message: 'Use of aggregate functions is not allowed',
    })
    await t.stack.sql`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`
    await t.stack.sql`notify pgrst, 'reload config'`
    try {
      await expect
        .poll(async () => (await t.db.from('films').select('count()')).data, { timeout: 5000 })
        .toEqual([{ count: 5 }])
      const { data, error } = await t.db
        .from('films')
        .select('genre, total:count(), rating.avg()::numeric, year.max()')
        .not('genre', 'is', null)
        .order('genre')
      expect(error).toBeNull()
      expect(data).toEqual([
        { genre: 'drama', total: 1, avg: 7.5, max: 1904 },
        { genre: 'comedy', total: 2, avg: 7.1, max: 1902 },
        { genre: 'documentary', total: 1, avg: 7.1, max: 1895 },
      ])
      const { data: embedded } = await t.db
        .from('directors')
        .select('last_name, films(count(), year.min())')
        .eq('id', 2)
      expect(embedded).toEqual([{ last_name: 'Méliès', films: [{ count: 2, min: 1902 }] }])
    } finally {
      await t.stack.sql`alter role authenticator reset pgrst.db_aggregates_enabled`
      await t.stack.sql`notify pgrst, 'reload config'`
    }
  })
})
