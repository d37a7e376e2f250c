// EXPLAIN through Accept: application/vnd.pgrst.plan(+json|+text), as PostgREST 12/13 answers it:
// refused (406) unless db-plan-enabled, here the in-database `pgrst.db_plan_enabled` of the
// authenticator role; then the plan of the statement the request would run (reads, writes, RPC),
// with `for=` choosing the statement's body and `options=` EXPLAIN's options, answered 200 with the
// plan's media type (`for` and `options` named back) and nothing else. supabase-js's explain() too.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rest } from './fixture.ts'
import { useStack } from './support.ts'

const t = useStack()

interface PlanNode {
  'Node Type': string
  'Total Cost': number
  Output?: string[]
  Plans?: PlanNode[]
  'Actual Rows'?: number
  'WAL Records'?: number
  'Shared Hit Blocks'?: number
}
type JsonPlan = { Plan: PlanNode; Settings?: Record<string, string> }[]

function explain(path: string, accept: string, init: { method?: string; body?: string } = {}) {
  return rest(t.stack, path, {
    method: init.method ?? 'GET',
    headers: { accept, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body,
  })
}

/** This file's database: the setting is the role's in it alone. */
async function database(): Promise<string> {
  const [row] = await t.stack.sql<{ db: string }[]>`select current_database() as db`
  if (!row) throw new Error('no database')
  return row.db
}

describe('with db-plan-enabled off (the default)', () => {
  it('refuses the plan media type with 406 PGRST107, on reads, RPC and writes', async () => {
    const message =
      'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"'
    for (const [method, path] of [
      ['GET', '/films?id=in.(1,2,3)'],
      ['GET', '/rpc/films_by_year?since=1900'],
      ['DELETE', '/items?id=in.(1,2,3)'],
    ] as const) {
      const r = await explain(path, 'application/vnd.pgrst.plan', { method })
      expect(r.status).toBe(406)
      expect(r.json()).toEqual({ code: 'PGRST107', details: null, hint: null, message })
    }
    expect(await t.stack.sql`select id from items where id in (1, 2, 3)`).toHaveLength(3)
  })

  it('names the plan as PostgREST does in the error, and takes the next acceptable type', async () => {
    const r = await explain(
      '/films?select=id',
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"; options=verbose|analyze'
    )
    expect(r.json()).toMatchObject({
      message:
        'None of these media types are available: application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose',
    })
    const next = await explain(
      '/films?select=id&id=eq.1',
      'application/vnd.pgrst.plan+json, application/json'
    )
    expect(next.status).toBe(200)
    expect(next.json()).toEqual([{ id: 1 }])
  })

  it('answers supabase-js’s explain() with the error', async () => {
    const { data, error, status } = await t.db.from('films').select('id').explain()
    expect(status).toBe(406)
    expect(data).toBeNull()
    expect(error).toMatchObject({ code: 'PGRST107' })
  })
})

describe('with pgrst.db_plan_enabled set on the authenticator role', () => {
  beforeAll(async () => {
    await t.stack.sql.unsafe(
      `alter role authenticator in database "${await database()}" set pgrst.db_plan_enabled = 'true'`
    )
    await t.stack.sql`notify pgrst, 'reload config'`
    // The setting applies once REST has read the role's settings again.
    await vi.waitFor(
      async () => {
        const r = await explain('/films', 'application/vnd.pgrst.plan+json')
        if (r.status !== 200) throw new Error(`plan not enabled yet: ${r.status}`)
      },
      { timeout: 10000, interval: 50 }
    )
  })
  afterAll(async () => {
    await t.stack.sql.unsafe(
      `alter role authenticator in database "${await database()}" reset pgrst.db_plan_enabled`
    )
  })

  it('answers a read’s plan as JSON, for application/json unless told', async () => {
    const r = await explain('/films?id=in.(1,2,3)', 'application/vnd.pgrst.plan+json')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8'
    )
    expect(r.headers.get('content-range')).toBeNull()
    expect(r.text.endsWith(']\n')).toBe(true)
    const plan = r.json() as JsonPlan
    expect(plan).toHaveLength(1)
    expect(plan[0]?.Plan['Node Type']).toBe('Aggregate')
    expect(plan[0]?.Plan['Total Cost']).toBeGreaterThan(0)
  })

  it('answers text for plan+text and for the bare plan type', async () => {
    for (const accept of ['application/vnd.pgrst.plan+text', 'application/vnd.pgrst.plan']) {
      const r = await explain('/films?id=in.(1,2,3)', accept)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8'
      )
      expect(r.text.startsWith('Aggregate')).toBe(true)
      expect(r.text.endsWith('\n')).toBe(true)
    }
  })

  it('takes the options joined by |, names them back in PostgREST’s order', async () => {
    const r = await explain(
      '/films',
      'application/vnd.pgrst.plan+json; options=wal|buffers|analyze'
    )
    expect(r.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|buffers|wal; charset=utf-8'
    )
    const [first] = r.json() as JsonPlan
    expect(first?.Plan['Actual Rows']).toBe(1)
    expect(first?.Plan['WAL Records']).toBe(0)
    expect(first?.Plan['Shared Hit Blocks']).toEqual(expect.any(Number))
    const settings = await explain('/films', 'application/vnd.pgrst.plan+json; options=settings')
    expect((settings.json() as JsonPlan)[0]?.Settings).toMatchObject({
      search_path: '"public", "extensions"',
    })
    const verbose = await explain(
      '/films?select=id,title',
      'application/vnd.pgrst.plan+json; options=verbose'
    )
    expect((verbose.json() as JsonPlan)[0]?.Plan.Output).toEqual(expect.any(Array))
    expect(verbose.text).toContain('"films.title"')
  })

  it('explains the statement of the `for` media type', async () => {
    const single = await explain(
      '/films?id=eq.1',
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"; options=verbose'
    )
    expect(single.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose; charset=utf-8'
    )
    expect(single.text).toContain('-> 0')
    const csv = await explain('/films', 'application/vnd.pgrst.plan+text; for="text/csv"')
    expect(csv.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+text; for="text/csv"; charset=utf-8'
    )
    const none = await explain(
      '/rpc/add_them?a=1&b=2',
      'application/vnd.pgrst.plan; for="text/csv"'
    )
    expect(none.status).toBe(406)
    expect(none.json()).toMatchObject({
      message:
        'None of these media types are available: application/vnd.pgrst.plan+text; for="text/csv"',
    })
  })

  it('explains writes without running them, unless analyze runs and commits them', async () => {
    const insert = await explain('/items', 'application/vnd.pgrst.plan+json', {
      method: 'POST',
      body: '{"id": 300, "name": "planned"}',
    })
    expect(insert.status).toBe(200)
    expect((insert.json() as JsonPlan)[0]?.Plan['Total Cost']).toEqual(expect.any(Number))
    expect(await t.stack.sql`select 1 from items where id = 300`).toHaveLength(0)
    const update = await explain('/items?id=eq.1', 'application/vnd.pgrst.plan', {
      method: 'PATCH',
      body: '{"note": "planned"}',
    })
    expect(update.status).toBe(200)
    expect(update.text).toContain('Update on items')
    const del = await explain('/items?id=in.(1,2,3)', 'application/vnd.pgrst.plan', {
      method: 'DELETE',
    })
    expect(del.status).toBe(200)
    expect(del.text).toContain('Delete on items')
    expect(await t.stack.sql`select id from items where id in (1, 2, 3)`).toHaveLength(3)
    const analyzed = await explain('/items', 'application/vnd.pgrst.plan+json; options=analyze', {
      method: 'POST',
      body: '{"id": 301, "name": "analyzed"}',
    })
    expect(analyzed.status).toBe(200)
    expect(await t.stack.sql`select name from items where id = 301`).toEqual([{ name: 'analyzed' }])
  })

  it('explains function calls, by GET and POST', async () => {
    const get = await explain('/rpc/films_by_year?since=1900', 'application/vnd.pgrst.plan+json')
    expect(get.status).toBe(200)
    expect(get.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8'
    )
    // The SQL function is inlined: the plan reads films.
    expect(get.text).toContain('"Relation Name": "films"')
    const post = await explain('/rpc/add_item', 'application/vnd.pgrst.plan', {
      method: 'POST',
      body: '{"id": 302, "name": "not run"}',
    })
    expect(post.status).toBe(200)
    expect(await t.stack.sql`select 1 from items where id = 302`).toHaveLength(0)
  })

  it('works with supabase-js’s explain(), in text and JSON', async () => {
    const text = await t.db.from('films').select('id, title').eq('id', 1).explain()
    expect(text.error).toBeNull()
    expect(text.status).toBe(200)
    expect(typeof text.data).toBe('string')
    expect(text.data as unknown as string).toMatch(/^Aggregate/)
    const json = await t.db
      .from('films')
      .select('id')
      .explain({ format: 'json', analyze: true, verbose: true })
    expect(json.error).toBeNull()
    const plan = json.data as unknown as JsonPlan
    expect(plan[0]?.Plan['Node Type']).toBe('Aggregate')
    expect(plan[0]?.Plan['Actual Rows']).toBe(1)
    const single = await t.db
      .from('films')
      .select('id')
      .eq('id', 1)
      // What single() sets, which explain() then names as its `for`.
      .setHeader('Accept', 'application/vnd.pgrst.object+json')
      .explain({ verbose: true })
    expect(single.data as unknown as string).toContain('-> 0')
    const call = await t.db.rpc('numbers', { n: 3 }).explain({ format: 'json' })
    expect(call.error).toBeNull()
    expect((call.data as unknown as JsonPlan)[0]?.Plan['Node Type']).toBe('Aggregate')
  })
})
