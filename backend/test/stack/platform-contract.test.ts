// The platform contract: what a hosted Supabase project has before any migration runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})

afterAll(async () => {
  await stack?.stop()
})

describe('platform contract', () => {
  it('has the API roles with Supabase attributes', async () => {
    const roles = await stack.sql<
      { rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }[]
    >`
      select rolname, rolbypassrls, rolcanlogin from pg_roles
      where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_admin')
      order by rolname
    `
    expect(roles.map((r) => r.rolname)).toEqual([
      'anon',
      'authenticated',
      'authenticator',
      'service_role',
      'supabase_admin',
    ])
    expect(roles.find((r) => r.rolname === 'service_role')?.rolbypassrls).toBe(true)
    expect(roles.find((r) => r.rolname === 'anon')?.rolcanlogin).toBe(false)
    expect(roles.find((r) => r.rolname === 'authenticator')?.rolcanlogin).toBe(true)
  })

  it('lets authenticator act as each API role', async () => {
    const rows = await stack.context.db.api<{ role: string }[]>`
      select r.rolname as role from pg_roles r
      where pg_has_role('authenticator', r.oid, 'member') and r.rolname in ('anon', 'authenticated', 'service_role')
      order by 1
    `
    expect(rows.map((r) => r.role)).toEqual(['anon', 'authenticated', 'service_role'])
  })

  it('grants new public tables to the API roles by default', async () => {
    await stack.sql`create table public.contract_probe (id int primary key)`
    const grants = await stack.sql<{ grantee: string }[]>`
      select distinct grantee from information_schema.role_table_grants
      where table_schema = 'public' and table_name = 'contract_probe' and privilege_type = 'SELECT'
      order by 1
    `
    expect(grants.map((g) => g.grantee)).toEqual(
      expect.arrayContaining(['anon', 'authenticated', 'service_role'])
    )
  })

  it('has the extensions in the extensions schema, on the search path', async () => {
    const rows = await stack.sql<{ extname: string; schema: string }[]>`
      select e.extname, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname in ('pgcrypto', 'uuid-ossp', 'pg_trgm') order by 1
    `
    expect(rows).toEqual([
      { extname: 'pg_trgm', schema: 'extensions' },
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ])
    const [setting] = await stack.sql<{ setconfig: string[] }[]>`
      select s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
      where r.rolname = 'postgres' and s.setdatabase = 0
    `
    expect(setting?.setconfig).toContain('search_path="$user", public, extensions')
  })

  it('has auth.uid(), auth.role(), auth.email() and auth.jwt() reading the request claims', async () => {
    const claims = {
      sub: '8f0f1d1e-6c1a-4a5e-9d7e-2b7f7b9d9c11',
      role: 'authenticated',
      email: 'a@example.com',
    }
    const [row] = await stack.sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`
      return tx<{ uid: string; role: string; email: string; jwt: { email: string } }[]>`
        select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt
      `
    })
    expect(row).toEqual({
      uid: claims.sub,
      role: 'authenticated',
      email: 'a@example.com',
      jwt: claims,
    })
  })

  it('has auth.users with the columns apps reference, and the other auth tables', async () => {
    const columns = await stack.sql<{ column_name: string }[]>`
      select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'users'
    `
    const names = columns.map((c) => c.column_name)
    for (const column of [
      'id',
      'email',
      'raw_user_meta_data',
      'raw_app_meta_data',
      'created_at',
      'confirmed_at',
      'is_anonymous',
      'deleted_at',
    ]) {
      expect(names).toContain(column)
    }
    const tables = await stack.sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'auth'
    `
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['users', 'identities', 'sessions', 'refresh_tokens'])
    )
  })

  it('has the storage schema with row-level security on and no policies', async () => {
    const rows = await stack.sql<{ relname: string; relrowsecurity: boolean }[]>`
      select relname, relrowsecurity from pg_class
      where relnamespace = 'storage'::regnamespace and relname in ('buckets', 'objects') order by 1
    `
    expect(rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ])
    const [policies] = await stack.sql<{ count: number }[]>`
      select count(*)::int as count from pg_policies where schemaname = 'storage'
    `
    expect(policies?.count).toBe(0)
    const [helpers] = await stack.sql<{ folder: string[]; file: string; ext: string }[]>`
      select storage.foldername('u1/photos/cat.png') as folder, storage.filename('u1/photos/cat.png') as file,
             storage.extension('u1/photos/cat.png') as ext
    `
    expect(helpers).toEqual({ folder: ['u1', 'photos'], file: 'cat.png', ext: 'png' })
  })

  it('has realtime.messages, realtime.topic() and the supabase_realtime publication', async () => {
    const [row] = await stack.sql.begin(async (tx) => {
      await tx`select set_config('realtime.topic', 'room:1', true)`
      return tx<{ topic: string; publication: boolean; messages: boolean }[]>`
        select realtime.topic() as topic,
               exists (select 1 from pg_publication where pubname = 'supabase_realtime') as publication,
               to_regclass('realtime.messages') is not null as messages
      `
    })
    expect(row).toEqual({ topic: 'room:1', publication: true, messages: true })
  })
})
