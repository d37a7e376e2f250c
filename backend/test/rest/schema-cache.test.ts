// The schema cache and the API settings: exposed schemas and profiles, max_rows, reloads on
// NOTIFY / DDL / migrations, the OpenAPI description, and malformed requests.
import { describe, expect, it } from 'vitest'
import { rest, SCHEMA } from './fixture.ts'
import { useStack } from './support.ts'

const CONFIG = `project_id = "test"
[api]
schemas = ["public", "api"]
extra_search_path = ["public", "extensions"]
max_rows = 3
`

const API_SCHEMA = `
create schema api;
grant usage on schema api to anon, authenticated, service_role;
create table api.notes (id int primary key, body text not null);
grant all on api.notes to anon, authenticated, service_role;
insert into api.notes values (1, 'first'), (2, 'second');
create function api.hello() returns text language sql stable as $$ select 'hello from api' $$;
`

const t = useStack({
  config: CONFIG,
  migrations: { '20240101000000_rest.sql': SCHEMA, '20240101000001_api.sql': API_SCHEMA },
})

describe('schemas', () => {
  it('chooses among exposed schemas with Accept-Profile / Content-Profile', async () => {
    const api = t.stack.client().schema('api')
    const { data } = await api.from('notes').select('body').order('id')
    expect(data).toEqual([{ body: 'first' }, { body: 'second' }])
    expect((await api.rpc('hello')).data).toBe('hello from api')
    const inserted = await api.from('notes').insert({ id: 3, body: 'third' }).select()
    expect(inserted).toMatchObject({ status: 201, data: [{ id: 3, body: 'third' }] })
    const r = await rest(t.stack, '/notes?select=id', { headers: { 'accept-profile': 'api' } })
    expect(r.headers.get('content-profile')).toBe('api')
    const notThere = await t.stack.client().from('notes').select()
    expect(notThere.status).toBe(404)
    expect(notThere.error).toMatchObject({
      code: 'PGRST205',
      details: null,
      message: "Could not find the table 'public.notes' in the schema cache",
    })
  })

  it('refuses other schemas with 406 PGRST106', async () => {
    const { error, status } = await t.stack.client().schema('auth').from('users').select()
    expect(status).toBe(406)
    expect(error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, api',
      message: 'Invalid schema: auth',
    })
  })

  it('caps reads at max_rows', async () => {
    const { data, count, status } = await t.stack
      .client()
      .from('films')
      .select('id', { count: 'exact' })
      .order('id')
    expect(status).toBe(206)
    expect(count).toBe(5)
    expect(data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
    const r = await rest(t.stack, '/films?select=id&limit=10', {
      headers: { prefer: 'count=exact' },
    })
    expect(r.headers.get('content-range')).toBe('0-2/5')
  })

  it('suggests a table for a misspelt one', async () => {
    const { error } = await t.stack.client().from('film').select()
    expect(error?.hint).toBe("Perhaps you meant the table 'public.films'")
  })
})

describe('reloading', () => {
  it('follows DDL through the platform event triggers', async () => {
    await t.stack.sql`create table public.fresh (id int primary key)`
    await expect
      .poll(async () => (await t.stack.client().from('fresh').select()).status, { timeout: 5000 })
      .toBe(200)
  })

  it("reloads on NOTIFY pgrst, 'reload schema' and after migrations", async () => {
    await t.stack.sql`alter event trigger pgrst_ddl_watch disable`
    try {
      await t.stack.sql`create table public.quiet (id int primary key)`
      await t.stack.sql`insert into public.quiet values (1)`
      // Without the trigger nothing tells the cache yet.
      expect((await t.stack.client().from('quiet').select()).error?.code).toBe('PGRST205')
      await t.stack.sql`notify pgrst, 'reload schema'`
      await expect
        .poll(async () => (await t.stack.client().from('quiet').select()).data, { timeout: 5000 })
        .toEqual([{ id: 1 }])
      await t.stack.sql`create table public.migrated_later (id int primary key)`
      expect((await t.stack.client().from('migrated_later').select()).status).toBe(404)
      t.stack.context.events.emit('migrated')
      await expect
        .poll(async () => (await t.stack.client().from('migrated_later').select()).status, {
          timeout: 5000,
        })
        .toBe(200)
    } finally {
      await t.stack.sql`alter event trigger pgrst_ddl_watch enable`
    }
  })
})

describe('OpenAPI', () => {
  it('describes the tables and functions the role may use', async () => {
    const r = await rest(t.stack, '/', { headers: { accept: 'application/openapi+json' } })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/openapi+json; charset=utf-8')
    const doc = r.json() as {
      swagger: string
      paths: Record<string, Record<string, unknown>>
      definitions: Record<
        string,
        {
          properties: Record<
            string,
            { description?: string; format: string; type?: string; enum?: string[] }
          >
          required?: string[]
        }
      >
    }
    expect(doc.swagger).toBe('2.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/', '/films', '/directors', '/rpc/add_them'])
    )
    expect(Object.keys(doc.paths['/films'] ?? {})).toEqual(['get', 'post', 'patch', 'delete'])
    expect(doc.paths['/secrets']).toBeUndefined()
    const films = doc.definitions.films
    // Identity columns have a default (their sequence), so only title is required.
    expect(films?.required).toEqual(['title'])
    expect(films?.properties.id).toMatchObject({ format: 'bigint', type: 'integer' })
    expect(films?.properties.id?.description).toContain('This is a Primary Key.<pk/>')
    expect(films?.properties.director_id?.description).toContain(
      "<fk table='directors' column='id'/>"
    )
    expect(films?.properties.genre).toMatchObject({ enum: ['drama', 'comedy', 'documentary'] })
    const service = await rest(t.stack, '/', { headers: { apikey: t.stack.serviceRoleKey } })
    expect(Object.keys((service.json() as typeof doc).paths)).toContain('/secrets')
    const api = await rest(t.stack, '/', { headers: { 'accept-profile': 'api' } })
    expect(Object.keys((api.json() as typeof doc).paths)).toEqual(['/', '/notes', '/rpc/hello'])
  })

  it('refuses media types it does not serve there', async () => {
    const r = await rest(t.stack, '/', { headers: { accept: 'text/csv' } })
    expect(r.status).toBe(406)
    expect(r.json()).toMatchObject({ code: 'PGRST107' })
  })
})

describe('malformed requests', () => {
  it.each([
    [
      '/films?select=title,directors(',
      'PGRST100',
      '"failed to parse select parameter (title,directors()" (line 1, column 17)',
    ],
    [
      '/films?order=title.sideways',
      'PGRST100',
      '"failed to parse order (title.sideways)" (line 1, column 6)',
    ],
    [
      '/films?or=(title.eq.a',
      'PGRST100',
      '"failed to parse logic tree ((title.eq.a)" (line 1, column 14)',
    ],
    ['/films?id=gt', 'PGRST100', '"failed to parse filter (gt)" (line 1, column 1)'],
    ['/films/1', 'PGRST125', 'Invalid path specified in request URL'],
  ])('%s is a 4xx %s', async (path, code, message) => {
    const r = await rest(t.stack, path)
    expect(r.status).toBe(code === 'PGRST125' ? 404 : 400)
    const body = r.json() as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message'])
    expect(body).toMatchObject({ code, hint: null, message })
  })

  it('answers unknown methods with PGRST117 and OPTIONS with Allow', async () => {
    const r = await rest(t.stack, '/films', { method: 'PROPFIND' })
    expect(r.status).toBe(405)
    expect(r.json()).toMatchObject({ code: 'PGRST117' })
    const options = await rest(t.stack, '/films', { method: 'OPTIONS' })
    expect(options.status).toBe(200)
    expect(options.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE')
  })
})
