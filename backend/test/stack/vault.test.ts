// Supabase Vault in the stack: secrets encrypted at rest under a key kept outside the database
// (a 0600 file of the cluster's data directory), readable by postgres and service_role only.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let stack: TestStack
/** A login as `postgres`, the role migrations and the SQL editor use. */
let asPostgres: Sql

beforeAll(async () => {
  stack = await startTestStack({
    migrations: {
      // A project mistake Vault must survive: a public view over the decrypted secrets.
      '20240101000000_leak.sql': `
        create view public.leak with (security_invoker = true) as
          select name, decrypted_secret from vault.decrypted_secrets;
        grant select on public.leak to anon, authenticated;
      `,
    },
  })
  const url = new URL(stack.dbUrl)
  url.username = 'postgres'
  asPostgres = postgres(url.toString(), { max: 1, onnotice: () => {} })
})

afterAll(async () => {
  await asPostgres?.end({ timeout: 2 })
  await stack?.stop()
})

async function asRole<T>(role: string, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return (await asPostgres.begin(async (tx) => {
    await tx.unsafe(`set local role ${role}`)
    return fn(tx as unknown as Sql)
  })) as T
}

describe('Vault', () => {
  it('postgres creates, updates and reads secrets; the stored column is not the plaintext', async () => {
    const [{ id }] = (await asPostgres`
      select vault.create_secret('https://abc.supabase.co', 'other_url', 'the URL') as id
    `) as unknown as [{ id: string }]
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const [row] = await asPostgres`
      select name, description, secret, decrypted_secret, key_id, nonce
      from vault.decrypted_secrets where id = ${id}
    `
    expect(row).toMatchObject({
      name: 'other_url',
      description: 'the URL',
      decrypted_secret: 'https://abc.supabase.co',
      key_id: null,
    })
    expect(row!.secret).not.toContain('abc.supabase.co')
    expect(Buffer.from(row!.secret as string, 'base64').toString('utf8')).not.toContain('abc')
    expect((row!.nonce as Buffer).length).toBe(16)

    await asPostgres`select vault.update_secret(${id}, 'https://xyz.supabase.co')`
    const [updated] = await asPostgres`
      select name, description, decrypted_secret from vault.decrypted_secrets where id = ${id}
    `
    expect(updated).toEqual({
      name: 'other_url',
      description: 'the URL',
      decrypted_secret: 'https://xyz.supabase.co',
    })
    await asPostgres`select vault.update_secret(${id}, new_name => 'renamed')`
    expect(
      await asPostgres`select name, decrypted_secret from vault.decrypted_secrets where id = ${id}`
    ).toEqual([{ name: 'renamed', decrypted_secret: 'https://xyz.supabase.co' }])
  })

  it('names are unique, as in supabase_vault', async () => {
    await asPostgres`select vault.create_secret('one', 'unique_name')`
    await expect(
      asPostgres`select vault.create_secret('two', 'unique_name')`
    ).rejects.toMatchObject({ code: '23505' })
    expect(
      await asPostgres`select decrypted_secret from vault.decrypted_secrets where name = 'unique_name'`
    ).toEqual([{ decrypted_secret: 'one' }])
  })

  it('service_role creates and reads them too', async () => {
    const rows = await asRole('service_role', async (tx) => {
      await tx`select vault.create_secret('sb_publishable_x', 'other_key')`
      return tx`select decrypted_secret from vault.decrypted_secrets where name = 'other_key'`
    })
    expect(rows).toEqual([{ decrypted_secret: 'sb_publishable_x' }])
  })

  it('anon and authenticated are refused, in SQL', async () => {
    for (const role of ['anon', 'authenticated']) {
      await expect(
        asRole(role, (tx) => tx`select * from vault.decrypted_secrets`)
      ).rejects.toMatchObject({ code: '42501', message: 'permission denied for schema vault' })
      await expect(asRole(role, (tx) => tx`select vault.create_secret('x')`)).rejects.toMatchObject(
        { code: '42501', message: 'permission denied for schema vault' }
      )
    }
  })

  it('and through REST', async () => {
    const anon = stack.client()
    const leak = await anon.from('leak').select('*')
    expect(leak.status).toBe(401)
    expect(leak.error).toMatchObject({
      code: '42501',
      message: 'permission denied for view decrypted_secrets',
    })
    const service = stack.client(stack.serviceRoleKey)
    const other = await service.schema('vault').from('decrypted_secrets').select('*')
    expect(other.status).toBe(406)
    expect(other.error?.code).toBe('PGRST106')
  })

  it('the key is a 0600 file of the data directory that only the superuser reads', async () => {
    const [{ dir }] =
      (await stack.sql`select current_setting('data_directory') as dir`) as unknown as [
        { dir: string },
      ]
    const file = path.join(dir, 'chorus_vault.key')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const key = (await readFile(file, 'utf8')).trim()
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    await expect(asPostgres`select vault._key()`).rejects.toMatchObject({ code: '42501' })
    await expect(asPostgres`select pg_read_file('chorus_vault.key')`).rejects.toMatchObject({
      code: '42501',
    })
    const [{ found }] = (await stack.sql`
      select count(*)::int as found from vault.secrets where secret like ${'%' + key + '%'}
        or description like ${'%' + key + '%'}
    `) as unknown as [{ found: number }]
    expect(found).toBe(0)
  })

  it('a restart keeps the secrets readable', async () => {
    await asPostgres`select vault.create_secret('kept across restarts', 'restart_check')`
    await stack.restart()
    expect(
      await asPostgres`select decrypted_secret from vault.decrypted_secrets where name = 'restart_check'`
    ).toEqual([{ decrypted_secret: 'kept across restarts' }])
  })

  // The background jobs' endpoint (stack/function-endpoint.ts): stored by `start` too, seed or
  // none, and put right at the next start when it is stale (a restore, another port).
  it('the stack stores its own project_url and publishable_key at every start', async () => {
    const endpoint = () => asPostgres`
      select name, decrypted_secret from vault.decrypted_secrets
      where name in ('project_url', 'publishable_key') order by name`
    const expected = () => [
      { name: 'project_url', decrypted_secret: stack.url },
      { name: 'publishable_key', decrypted_secret: stack.keys.publishableKey },
    ]
    expect(await endpoint()).toEqual(expected())
    await asPostgres`
      select vault.update_secret(id, 'http://old-server.example:54321') from vault.secrets
      where name = 'project_url'`
    await asPostgres`delete from vault.secrets where name = 'publishable_key'`
    await stack.restart()
    expect(await endpoint()).toEqual(expected())
  })
})
