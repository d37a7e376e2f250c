// Who may execute Chorus's functions (issue 45, item 9): signed out (anon), only the two RPCs
// that answer before sign-in; nobody through PostgreSQL's default grant to PUBLIC; and a function
// made by a later migration gets neither, while authenticated and service_role keep theirs.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { clientFor } from './support/rest-checker.ts'
import { createPerson } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack

/** What anon may call before signing in. */
const ANON_ALLOWED = [
  'public.invite_preview(p_token text)',
  'public.unsubscribe_email(p_token text)',
]

/** Schemas that the platform makes (auth, Storage, Realtime, extensions, ...), not Chorus: every
 *  other schema is the app's, so one a later migration adds is checked too. */
const PLATFORM_SCHEMAS = [
  '_realtime',
  '_supabase_local',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgbouncer',
  'pgsodium',
  'pgsodium_masks',
  'realtime',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'vault',
]

/** Functions of the app's schemas (not an extension's own) for which `who` holds. */
async function appFunctions(who: string): Promise<string[]> {
  const rows = await stack.sql.unsafe<{ fn: string }[]>(
    `select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     where n.nspname <> all($1::text[])
       and n.nspname not like 'pg\\_%'
       and not exists (
         select 1 from pg_depend d
         where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
       )
       and (${who})
     order by 1`,
    [PLATFORM_SCHEMAS]
  )
  return rows.map((r) => r.fn)
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

describe('function privileges', () => {
  it('the app has functions in public and private (the check below looks at them)', async () => {
    const all = await appFunctions('true')
    expect(all.filter((f) => f.startsWith('public.')).length).toBeGreaterThan(50)
    expect(all.filter((f) => f.startsWith('private.')).length).toBeGreaterThan(50)
  })

  it('anon may execute only invite_preview and unsubscribe_email', async () => {
    expect(await appFunctions(`has_function_privilege('anon', p.oid, 'EXECUTE')`)).toEqual(
      ANON_ALLOWED
    )
  })

  it('no function of the app is executable by PUBLIC (every role)', async () => {
    expect(
      await appFunctions(
        `p.proacl is null or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0)`
      )
    ).toEqual([])
  })

  it('over the API: the moderation RPCs refuse anon and answer a signed-in person', async () => {
    const anon = clientFor(stack, null)
    const refused = await anon.rpc('suspended_workspaces')
    expect(refused.error?.code).toBe('42501')
    expect(refused.data).toBeNull()
    const report = await anon.rpc('report_message', {
      p_message_id: crypto.randomUUID(),
      p_reason: 'spam',
      p_note: '',
    })
    expect(report.error?.code).toBe('42501')

    const person = await createPerson(stack, 'grants')
    const mine = await clientFor(stack, person).rpc('suspended_workspaces')
    expect(mine.error).toBeNull()
    expect(mine.data).toEqual([])

    // What anon is meant to call still answers it.
    const preview = await anon.rpc('invite_preview', { p_token: 'no-such-invite' })
    expect(preview.error?.code).not.toBe('42501')
  })

  it('a function a later migration makes is not executable by PUBLIC or anon', async () => {
    const rolledBack = new Error('rolled back')
    const made = stack.sql.begin(async (tx) => {
      await tx`set local role postgres`
      await tx`create function public.grants_probe() returns int language sql as 'select 1'`
      await tx`create function private.grants_probe() returns int language sql as 'select 1'`
      const rows = await tx`
        select n.nspname as schema,
          exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                  where a.grantee = 0) as public,
          has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
          has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated,
          has_function_privilege('service_role', p.oid, 'EXECUTE') as service_role
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.proname = 'grants_probe' order by 1`
      expect(rows).toEqual(
        ['private', 'public'].map((schema) => ({
          schema,
          public: false,
          anon: false,
          authenticated: true,
          service_role: true,
        }))
      )
      throw rolledBack
    })
    await expect(made).rejects.toBe(rolledBack)
  })
})
