import { describe, expect, it } from 'vitest'
import { rewriteForHosted } from './hosted-privileges.ts'

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
    expect(lines[1]).toBe(
      'set local session authorization "supabase_admin"; -- pg_cron is privileged on hosted'
    )
    expect(lines[3]).toBe('  with schema pg_catalog; set local session authorization postgres;')
    expect(lines[4]).toBe('create extension file_fdw;')
    expect(lines[6]).toBe('create policy "q" on public.t for select using (true);')
  })

  it('refuses a VERSION as hosted does, in place', () => {
    const { text } = rewriteForHosted("select 1;\ncreate extension dblink version '1.2';", 'x')
    expect(text).toMatch(/^select 1;\ndo \$hosted\$ begin raise exception .*Only administrators/)
  })

  it('leaves statements inside function bodies alone', () => {
    const script =
      'create function f() returns void language sql as $$ create extension pg_cron; $$;'
    expect(rewriteForHosted(script, 'x').text).toBe(script)
  })
})
