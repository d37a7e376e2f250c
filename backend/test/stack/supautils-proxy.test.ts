// supautils on the wire (db/supautils-proxy.ts): a client that logs in as the superuser and steps
// down to postgres, as the Supabase CLI does on hosted, gets what supautils gives postgres, by the
// simple and the extended query protocol; refused what it refuses, with its message; a session
// that has not stepped down runs its statements as written. A client that logs in as postgres
// itself gets the same, through the signed elevation (platform file 63), which refuses SQL the
// proxy did not sign and whose key postgres cannot read.
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSupautilsKey, startSupautilsProxy } from '../../src/db/supautils-proxy.ts'
import type { SupautilsProxy } from '../../src/db/supautils-proxy.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

describe('supautils-proxy', () => {
  let stack: TestStack
  let proxy: SupautilsProxy
  let client: Sql
  let postgresUrl: URL

  beforeAll(async () => {
    stack = await startTestStack()
    const url = new URL(stack.dbUrl)
    proxy = await startSupautilsProxy({
      host: url.hostname,
      port: Number(url.port),
      key: await readSupautilsKey(stack.sql),
    })
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    client = postgres(url.href, { max: 1, onnotice: () => {} })
    postgresUrl = new URL(url)
    postgresUrl.username = 'postgres'
  })

  afterAll(async () => {
    await client?.end({ timeout: 2 })
    await proxy?.close()
    await stack?.stop()
  })

  it('as the superuser, statements run as written', async () => {
    await client.unsafe('create table public.items (id int)').simple()
    await client.unsafe('create publication admin_pub for table public.items').simple()
    expect(
      await stack.sql`select pg_get_userbyid(pubowner) as owner from pg_publication where pubname = 'admin_pub'`
    ).not.toEqual([{ owner: 'postgres' }])
  })

  it('stepped down to postgres: what supautils allows, by both protocols', async () => {
    await client.unsafe('set session role postgres').simple()
    expect(await client`select current_user::text as role`).toEqual([{ role: 'postgres' }])
    // Simple protocol, several statements at once.
    await client
      .unsafe(
        [
          'create table public.notes (id int);',
          'create publication app_pub for table public.notes;',
          'create function public.on_ddl() returns event_trigger language plpgsql',
          '  as $$ begin null; end $$;',
          'create event trigger app_ddl on ddl_command_end execute function public.on_ddl();',
        ].join('\n')
      )
      .simple()
    // Extended protocol (a tagged query is parsed, bound and executed).
    await client`create policy "notes files" on storage.objects for select using (true)`
    await client`set session_replication_role = replica`
    expect(await client`select current_setting('session_replication_role') as value`).toEqual([
      { value: 'replica' },
    ])
    await client`reset session_replication_role`
    expect(await client`select current_user::text as role`).toEqual([{ role: 'postgres' }])

    const owners = await stack.sql`
      select 'publication' as kind, pg_get_userbyid(pubowner) as owner from pg_publication
      where pubname = 'app_pub'
      union all
      select 'event trigger', pg_get_userbyid(evtowner) from pg_event_trigger
      where evtname = 'app_ddl'
    `
    expect(owners).toEqual([
      { kind: 'publication', owner: 'postgres' },
      { kind: 'event trigger', owner: 'postgres' },
    ])
    expect(
      await stack.sql`select policyname from pg_policies where policyname = 'notes files'`
    ).toEqual([{ policyname: 'notes files' }])
  })

  it('stepped down to postgres: what supautils refuses, with its message', async () => {
    await expect(client`alter role anon nologin`).rejects.toMatchObject({
      message: '"anon" is a reserved role, only superusers can modify it',
      code: '42501',
    })
    await expect(client`grant pg_read_server_files to postgres`).rejects.toMatchObject({
      message:
        '"pg_read_server_files" role memberships are reserved, only superusers can grant them',
    })
    // And what neither allows: PostgreSQL's own refusal.
    await expect(client`create extension file_fdw`).rejects.toMatchObject({ code: '42501' })
    expect(await client`select current_user::text as role`).toEqual([{ role: 'postgres' }])
  })

  it('logged in as postgres: what supautils allows, elevated by the signed function only', async () => {
    const direct = postgres(postgresUrl.href, { max: 1, onnotice: () => {} })
    try {
      expect(await direct`select current_user::text as role, session_user::text as login`).toEqual([
        { role: 'postgres', login: 'postgres' },
      ])
      await direct
        .unsafe(
          [
            'create table public.logged (id int);',
            'create publication direct_pub for table public.logged;',
            'create function public.on_ddl_direct() returns event_trigger language plpgsql',
            '  as $$ begin null; end $$;',
            'create event trigger direct_ddl on ddl_command_end',
            '  execute function public.on_ddl_direct();',
          ].join('\n')
        )
        .simple()
      await direct`set session_replication_role = replica`
      expect(await direct`select current_setting('session_replication_role') as value`).toEqual([
        { value: 'replica' },
      ])
      await direct`reset session_replication_role`
      expect(
        await stack.sql`
          select pg_get_userbyid(evtowner) as owner from pg_event_trigger where evtname = 'direct_ddl'
        `
      ).toEqual([{ owner: 'postgres' }])
      await expect(direct`alter role authenticator nologin`).rejects.toMatchObject({
        message: '"authenticator" is a reserved role, only superusers can modify it',
      })
      // The elevation runs only what the proxy signed, and its key is not postgres's to read.
      await expect(
        direct`select _supabase_local.supautils_elevated(array['alter role postgres superuser'], 'ab')`
      ).rejects.toMatchObject({
        message: 'permission denied for function supautils_elevated',
        code: '42501',
      })
      await expect(direct`select key from _supabase_local.supautils_key`).rejects.toMatchObject({
        code: '42501',
      })
      // Its schema is open to postgres for that function alone.
      expect(
        await stack.sql`
          select p.proname from pg_proc p
          where p.pronamespace = '_supabase_local'::regnamespace
            and has_function_privilege('postgres', p.oid, 'execute')
          union all
          select c.relname from pg_class c
          where c.relnamespace = '_supabase_local'::regnamespace
            and has_table_privilege('postgres', c.oid, 'select')
        `
      ).toEqual([{ proname: 'supautils_elevated' }])
      expect(
        await stack.sql`select rolsuper, rolcanlogin from pg_roles where rolname in ('postgres', 'authenticator') order by rolname`
      ).toEqual([
        { rolsuper: false, rolcanlogin: true },
        { rolsuper: false, rolcanlogin: true },
      ])
    } finally {
      await direct.end({ timeout: 2 })
    }
  })
})
