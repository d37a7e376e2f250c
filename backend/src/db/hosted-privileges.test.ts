import { describe, expect, it } from 'vitest'
import { hostedStatement, rewriteForHosted } from './hosted-privileges.ts'

describe('rewriteForHosted', () => {
  it('runs privileged statements as the superuser, on the same lines', () => {
    const script = [
      'create table t (id int);',
      '-- pg_cron is privileged on hosted',
      'create extension if not exists pg_cron',
      '  with schema pg_catalog;',
      'create extension file_fdw;',
      'create policy "p" on storage.objects for select using (true);',
      'create policy "q" on public.t for select using (true);',
      'drop trigger if exists x on "auth"."users";',
      'create extension "uuid-ossp" with schema extensions',
    ].join('\n')
    const { text, elevated } = rewriteForHosted(script, 'supabase_admin')
    expect(text.split('\n')).toHaveLength(script.split('\n').length)
    expect(elevated).toEqual([
      { line: 3, what: 'extension pg_cron' },
      { line: 6, what: 'policy on storage.objects' },
      { line: 8, what: 'trigger on auth.users' },
      { line: 9, what: 'extension uuid-ossp' },
    ])
    const lines = text.split('\n')
    expect(lines[1]).toBe('-- pg_cron is privileged on hosted')
    expect(lines[2]).toBe(
      'set local session authorization "supabase_admin"; create extension if not exists pg_cron'
    )
    expect(lines[3]).toBe('  with schema "pg_catalog"; set local session authorization "postgres";')
    expect(lines[4]).toBe('create extension file_fdw;')
    expect(lines[6]).toBe('create policy "q" on public.t for select using (true);')
  })

  it('refuses a VERSION as hosted does, in place', () => {
    const { text } = rewriteForHosted(
      "select 1;\ncreate extension dblink\n  version '1.2';\nselect 2;",
      'x'
    )
    expect(text).toMatch(/^select 1;\ndo \$hosted\$ begin raise exception .*Only administrators/)
    expect(text.split('\n')).toEqual(['select 1;', expect.stringMatching(/^do /), '', 'select 2;'])
  })

  it('leaves statements inside function bodies alone', () => {
    const script =
      'create function f() returns void language sql as $$ create extension pg_cron; $$;'
    expect(rewriteForHosted(script, 'x').text).toBe(script)
  })

  it('follows supautils.conf: allowed configs, event triggers, publications', () => {
    const script = [
      'alter database postgres set "pgrst.db_plan_enabled" to true;',
      "alter role authenticator set pgrst.db_schemas = 'public';",
      'set session_replication_role = replica;',
      "alter database postgres set search_path to 'public';",
      'create event trigger t on ddl_command_end execute function public.f();',
      'create publication p for all tables;',
      'reset session_replication_role;',
    ].join('\n')
    const { elevated, text } = rewriteForHosted(script, 'supabase_admin')
    expect(elevated.map((e) => e.line)).toEqual([1, 2, 3, 5, 6, 7])
    expect(text.split('\n')).toHaveLength(7)
    expect(text.split('\n')[3]).toBe("alter database postgres set search_path to 'public';")
    expect(text.split('\n')[4]).toMatch(/evtowner = 'postgres'::pg_catalog\.regrole/)
    expect(text.split('\n')[5]).toMatch(/pubowner = 'postgres'::pg_catalog\.regrole/)
  })

  it('refuses what supautils refuses, in place', () => {
    const refused = (sql: string) => rewriteForHosted(sql, 'x').text
    expect(refused('alter role anon nologin;')).toMatch(
      /"anon" is a reserved role, only superusers can modify it.*errcode = '42501'/
    )
    expect(refused('alter role anon set statement_timeout = 1;')).toBe(
      'alter role anon set statement_timeout = 1;'
    )
    expect(refused('alter role supabase_admin set pgrst.x = 1;')).toMatch(/"supabase_admin" is a/)
    expect(refused('drop role if exists me, pgbouncer;')).toMatch(/"pgbouncer" is a reserved/)
    expect(refused('grant pg_read_server_files to me;')).toMatch(
      /"pg_read_server_files" role memberships are reserved/
    )
    expect(refused('grant me to service_role;')).toBe('grant me to service_role;')
    expect(refused('grant usage on schema s to supabase_admin;')).toBe(
      'grant usage on schema s to supabase_admin;'
    )
    expect(refused('revoke me from dashboard_user;')).toMatch(/"dashboard_user" is a reserved/)
    expect(refused('create role dashboard_user;')).toMatch(
      /if not \(exists .*dashboard_user.*\) then raise/
    )
    const mapping = "alter user mapping for postgres server s options (set user 'x');"
    expect(refused(mapping)).toBe(mapping)
    expect(refused('alter role postgres superuser;')).toMatch(
      /Only superusers can alter privileged roles[\s\S]*SUPERUSER attribute may alter/
    )
  })

  it('gives one statement of a client a DO block that decides as it runs', () => {
    expect(hostedStatement('create table t (id int);')).toBeNull()
    const elevated = hostedStatement('alter database postgres set "pgrst.x" to true;')!
    expect(elevated).toMatch(/^do \$hosted_do\$ begin if current_user <> 'postgres' then execute/)
    expect(elevated).toContain('execute $hosted_sql$set role none$hosted_sql$;')
    expect(elevated).toContain(
      'execute $hosted_sql$alter database postgres set "pgrst.x" to true$hosted_sql$;'
    )
    expect(elevated).toMatch(
      /execute \$hosted_sql\$set role "postgres"\$hosted_sql\$; end \$hosted_do\$$/
    )
    expect(hostedStatement('alter role anon nologin')).toContain('"anon" is a reserved role')
  })
})
