// Database Webhooks on the stack: a trigger calling supabase_functions.http_request(), as the
// Dashboard creates it, posts each row change through pg_net to a URL or an Edge Function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { waitFor } from '../support/wait.ts'
import { startTarget } from './target.ts'
import type { Target } from './target.ts'

let stack: TestStack
let target: Target

beforeAll(async () => {
  target = await startTarget()
  stack = await startTestStack({
    migrations: {
      '20240101000000_hooks.sql': `
        create extension if not exists pg_net with schema extensions;
        create table public.orders (id int primary key, item text);
        create table public.events (id int primary key);
      `,
    },
    files: {
      'functions/on-event/index.ts': `
        Deno.serve(async (request: Request) => {
          const payload = await request.json()
          return Response.json({ got: payload, auth: request.headers.get('authorization') })
        })
      `,
    },
  })
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  await target?.close()
})

const bodiesTo = (path: string) =>
  target.received.filter((r) => r.url === path).map((r) => JSON.parse(r.body) as unknown)

describe('supabase_functions.http_request', () => {
  it('posts INSERT, UPDATE and DELETE with record and old_record', async () => {
    await stack.sql.unsafe(`
      create trigger orders_hook after insert or update or delete on public.orders
      for each row execute function supabase_functions.http_request(
        '${target.url}/orders', 'POST', '{"Content-Type":"application/json","X-Hook":"orders"}',
        '{}', '1000')
    `)
    await stack.sql`insert into public.orders values (1, 'tea')`
    await stack.sql`update public.orders set item = 'coffee' where id = 1`
    await stack.sql`delete from public.orders where id = 1`

    const bodies = await waitFor('three webhook calls', async () => {
      const all = bodiesTo('/orders')
      return all.length >= 3 ? all : undefined
    })
    // The three requests are performed side by side: their order of arrival is not fixed.
    expect(bodies).toHaveLength(3)
    expect(bodies).toEqual(
      expect.arrayContaining([
        {
          type: 'INSERT',
          table: 'orders',
          schema: 'public',
          record: { id: 1, item: 'tea' },
          old_record: null,
        },
        {
          type: 'UPDATE',
          table: 'orders',
          schema: 'public',
          record: { id: 1, item: 'coffee' },
          old_record: { id: 1, item: 'tea' },
        },
        {
          type: 'DELETE',
          table: 'orders',
          schema: 'public',
          record: null,
          old_record: { id: 1, item: 'coffee' },
        },
      ])
    )
    const request = target.received.find((r) => r.url === '/orders')
    expect(request?.headers['x-hook']).toBe('orders')
    expect(request?.headers['content-type']).toBe('application/json')

    const hooks = await stack.sql`
      select hook_table_id, hook_name, request_id from supabase_functions.hooks order by id
    `
    const [relid] = await stack.sql`select 'public.orders'::regclass::oid::int as oid`
    expect(hooks.length).toBe(3)
    expect(
      hooks.every((h) => h.hook_table_id === relid!.oid && h.hook_name === 'orders_hook')
    ).toBe(true)
    expect(hooks.every((h) => h.request_id !== null)).toBe(true)
  })

  it('calls an Edge Function with its headers', async () => {
    const url = `${stack.url}/functions/v1/on-event`
    const headers = JSON.stringify({
      'Content-Type': 'application/json',
      Authorization: `Bearer ${stack.serviceRoleKey}`,
    })
    await stack.sql.unsafe(`
      create trigger events_hook after insert on public.events
      for each row execute function supabase_functions.http_request(
        '${url}', 'POST', '${headers}', '{}', '5000')
    `)
    await stack.sql`insert into public.events values (7)`
    const [hook] = await stack.sql`
      select request_id::text as id from supabase_functions.hooks where hook_name = 'events_hook'
    `
    const response = await waitFor('the function response', async () => {
      const [row] = await stack.sql`
        select status_code, content from net._http_response where id = ${hook!.id}
      `
      return row
    })
    expect(response.status_code).toBe(200)
    expect(JSON.parse(response.content as string)).toEqual({
      got: {
        type: 'INSERT',
        table: 'events',
        schema: 'public',
        record: { id: 7 },
        old_record: null,
      },
      auth: `Bearer ${stack.serviceRoleKey}`,
    })
  })

  it('refuses a trigger without a URL or with an unknown method, rolling the change back', async () => {
    await stack.sql.unsafe(`
      create table public.broken (id int);
      create trigger no_url after insert on public.broken
      for each row execute function supabase_functions.http_request();
    `)
    await expect(stack.sql`insert into public.broken values (1)`).rejects.toMatchObject({
      message: 'url argument is missing',
    })
    await stack.sql.unsafe(`
      drop trigger no_url on public.broken;
      create trigger bad_method after insert on public.broken
      for each row execute function supabase_functions.http_request('${target.url}/x', 'PATCH');
    `)
    await expect(stack.sql`insert into public.broken values (1)`).rejects.toMatchObject({
      message: 'method argument PATCH is invalid',
    })
    const [row] = await stack.sql`select count(*)::int as n from public.broken`
    expect(row!.n).toBe(0)
  })

  it('says pg_net is needed when the project has not created it', async () => {
    const bare = await startTestStack({
      migrations: {
        '20240101000000_bare.sql': `
          create table public.plain (id int);
          create trigger plain_hook after insert on public.plain
          for each row execute function supabase_functions.http_request('http://127.0.0.1:9/', 'POST');
        `,
      },
    })
    try {
      await expect(bare.sql`insert into public.plain values (1)`).rejects.toMatchObject({
        message: 'Database Webhooks need the pg_net extension',
        hint: 'Run create extension pg_net; in a migration.',
      })
    } finally {
      await bare.stop()
    }
  }, 60_000)
})
