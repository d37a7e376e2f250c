// Access decided by row-level security, as on a hosted project: every operation runs as the
// caller's role with its JWT claims (auth.uid(), storage.operation()), owner from the JWT sub,
// the service role bypassing it. The matrix is data: who does what where, and what they get.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import { errorShape, makeUser, serviceClient, startStorageStack, storageFetch } from './support.ts'

let stack: TestStack
let alice: TestUser
let bob: TestUser
let group: string

beforeAll(async () => {
  stack = await startStorageStack()
  alice = await makeUser(stack)
  bob = await makeUser(stack)
  group = randomUUID()
  await stack.sql`insert into public.groups (id, name) values (${group}, 'design')`
  await stack.sql`insert into public.group_members (group_id, user_id) values (${group}, ${alice.id})`
  const service = serviceClient(stack).storage
  await service
    .from('avatars')
    .upload(`${alice.id}/face.png`, 'alice face', { contentType: 'image/png' })
  await service.from('files').upload(`${alice.id}/diary.txt`, 'dear diary')
  await service.from('team').upload(`${group}/plan.txt`, 'the plan')
  await service.from('dropbox').upload(`${alice.id}/drop.txt`, 'dropped')
})

afterAll(async () => {
  await stack?.stop()
})

type Who = 'alice' | 'bob' | 'anon' | 'service'

function clientOf(who: Who): SupabaseClient {
  if (who === 'alice') return alice.client
  if (who === 'bob') return bob.client
  if (who === 'service') return serviceClient(stack)
  return stack.client()
}

/** "{alice}", "{bob}" and "{group}" in paths stand for those ids. */
function expand(path: string): string {
  return path.replace('{alice}', alice.id).replace('{bob}', bob.id).replace('{group}', group)
}

interface Case {
  who: Who
  op: 'upload' | 'download' | 'list' | 'remove' | 'sign' | 'upsert'
  bucket: string
  path: string
  /** 'ok', or the statusCode Storage answers with; for list/remove, the names returned. */
  expect: 'ok' | '403' | '404' | '409' | string[]
}

const MATRIX: Case[] = [
  // avatars: public read, writes under one's own folder only
  { who: 'alice', op: 'upload', bucket: 'avatars', path: '{alice}/new.png', expect: 'ok' },
  { who: 'alice', op: 'upload', bucket: 'avatars', path: '{bob}/new.png', expect: '403' },
  { who: 'alice', op: 'upload', bucket: 'avatars', path: 'loose.png', expect: '403' },
  { who: 'anon', op: 'upload', bucket: 'avatars', path: 'anon/new.png', expect: '403' },
  { who: 'alice', op: 'upload', bucket: 'no-such-bucket', path: '{alice}/x.png', expect: '404' },
  { who: 'anon', op: 'download', bucket: 'avatars', path: '{alice}/face.png', expect: 'ok' },
  { who: 'bob', op: 'download', bucket: 'avatars', path: '{alice}/face.png', expect: 'ok' },
  { who: 'bob', op: 'upsert', bucket: 'avatars', path: '{alice}/face.png', expect: '403' },
  { who: 'bob', op: 'remove', bucket: 'avatars', path: '{alice}/face.png', expect: [] },
  { who: 'anon', op: 'list', bucket: 'avatars', path: '{alice}', expect: ['face.png', 'new.png'] },
  // files: private, own folder only
  { who: 'alice', op: 'download', bucket: 'files', path: '{alice}/diary.txt', expect: 'ok' },
  { who: 'bob', op: 'download', bucket: 'files', path: '{alice}/diary.txt', expect: '404' },
  { who: 'anon', op: 'download', bucket: 'files', path: '{alice}/diary.txt', expect: '404' },
  { who: 'bob', op: 'sign', bucket: 'files', path: '{alice}/diary.txt', expect: '404' },
  { who: 'bob', op: 'list', bucket: 'files', path: '{alice}', expect: [] },
  { who: 'bob', op: 'upload', bucket: 'files', path: '{alice}/planted.txt', expect: '403' },
  { who: 'alice', op: 'upload', bucket: 'files', path: '{alice}/diary.txt', expect: '409' },
  { who: 'alice', op: 'upsert', bucket: 'files', path: '{alice}/diary.txt', expect: 'ok' },
  // team: readable and writable by the group's members
  { who: 'alice', op: 'download', bucket: 'team', path: '{group}/plan.txt', expect: 'ok' },
  { who: 'alice', op: 'list', bucket: 'team', path: '{group}', expect: ['plan.txt'] },
  { who: 'alice', op: 'upload', bucket: 'team', path: '{group}/idea.txt', expect: 'ok' },
  { who: 'alice', op: 'upsert', bucket: 'team', path: '{group}/plan.txt', expect: '403' },
  { who: 'bob', op: 'download', bucket: 'team', path: '{group}/plan.txt', expect: '404' },
  { who: 'bob', op: 'list', bucket: 'team', path: '{group}', expect: [] },
  { who: 'bob', op: 'upload', bucket: 'team', path: '{group}/bob.txt', expect: '403' },
  // dropbox: readable only to sign URLs (the policy reads storage.operation())
  { who: 'alice', op: 'download', bucket: 'dropbox', path: '{alice}/drop.txt', expect: '404' },
  { who: 'alice', op: 'sign', bucket: 'dropbox', path: '{alice}/drop.txt', expect: 'ok' },
  // the service role bypasses row-level security
  { who: 'service', op: 'download', bucket: 'files', path: '{alice}/diary.txt', expect: 'ok' },
  { who: 'service', op: 'upload', bucket: 'team', path: '{group}/service.txt', expect: 'ok' },
  {
    who: 'service',
    op: 'list',
    bucket: 'team',
    path: '{group}',
    expect: ['idea.txt', 'plan.txt', 'service.txt'],
  },
]

async function run(c: Case): Promise<{ error: unknown; names?: string[] }> {
  const files = clientOf(c.who).storage.from(c.bucket)
  const path = expand(c.path)
  switch (c.op) {
    case 'upload':
      return files.upload(path, `by ${c.who}`)
    case 'upsert':
      return files.upload(path, `by ${c.who}`, { upsert: true })
    case 'download':
      return files.download(path)
    case 'sign':
      return files.createSignedUrl(path, 60)
    case 'list': {
      const { data, error } = await files.list(path)
      return { error, names: data?.map((o) => o.name) }
    }
    case 'remove': {
      const { data, error } = await files.remove([path])
      return { error, names: data?.map((o) => o.name) }
    }
  }
}

describe('the access matrix', () => {
  for (const c of MATRIX) {
    const expected = Array.isArray(c.expect) ? JSON.stringify(c.expect) : c.expect
    it(`${c.who} ${c.op} ${c.bucket}/${c.path} -> ${expected}`, async () => {
      const outcome = await run(c)
      if (Array.isArray(c.expect)) {
        expect(outcome.error).toBeNull()
        expect(outcome.names).toEqual(c.expect)
      } else if (c.expect === 'ok') {
        expect(outcome.error).toBeNull()
      } else {
        expect(errorShape(outcome.error)).toMatchObject({ status: 400, statusCode: c.expect })
      }
    })
  }

  it('left what the refused operations targeted as it was', async () => {
    const rows =
      await stack.sql`select bucket_id || '/' || name as key from storage.objects order by 1`
    const keys = rows.map((r) => r.key as string)
    expect(keys).toContain(`avatars/${alice.id}/face.png`)
    expect(keys).not.toContain(`avatars/${bob.id}/new.png`)
    expect(keys).not.toContain(`files/${alice.id}/planted.txt`)
    expect(keys).not.toContain(`team/${group}/bob.txt`)
    const face = await alice.client.storage.from('avatars').download(`${alice.id}/face.png`)
    expect(await face.data?.text()).toBe('alice face')
  })
})

describe('the request scope', () => {
  it('records owner and owner_id from the JWT sub', async () => {
    await alice.client.storage.from('avatars').upload(`${alice.id}/owned.png`, 'x')
    const [row] = await stack.sql`
      select owner::text, owner_id from storage.objects where name = ${`${alice.id}/owned.png`}`
    expect(row).toEqual({ owner: alice.id, owner_id: alice.id })
    await serviceClient(stack).storage.from('avatars').upload('service-owned.png', 'x')
    const [service] = await stack.sql`
      select owner, owner_id from storage.objects where name = 'service-owned.png'`
    expect(service).toEqual({ owner: null, owner_id: null })
  })

  it('keeps a non-uuid sub in owner_id only', async () => {
    await stack.sql.unsafe(`
      create policy "third party" on storage.objects for insert to authenticated
        with check (bucket_id = 'files' and (storage.foldername(name))[1] = 'external')`)
    const token = await stack.keys.sign({
      sub: 'user_2abc',
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 600,
    })
    const client = stack.client(stack.anonKey, {
      global: { headers: { Authorization: `Bearer ${token}` } },
    })
    expect((await client.storage.from('files').upload('external/x.txt', 'x')).error).toBeNull()
    const [row] =
      await stack.sql`select owner, owner_id from storage.objects where name = 'external/x.txt'`
    expect(row).toEqual({ owner: null, owner_id: 'user_2abc' })
  })

  it('publishes the claims, the role and the operation to policies', async () => {
    await stack.sql.unsafe(`
      create table public.seen (role text, sub text, email text, operation text, method text);
      grant insert on public.seen to anon, authenticated;
      create function public.record_scope() returns boolean language sql volatile as $$
        insert into public.seen values (current_user, auth.uid()::text, auth.jwt() ->> 'email',
          storage.operation(), current_setting('request.method', true));
        select true
      $$;
      create policy "probe" on storage.objects for select to authenticated
        using (bucket_id = 'probe' and public.record_scope());
      insert into storage.buckets (id, name) values ('probe', 'probe');
      insert into storage.objects (bucket_id, name, version) values ('probe', 'p.txt', 'v');`)
    const token = await stack.keys.sign({
      sub: alice.id,
      role: 'authenticated',
      email: 'alice@example.com',
      exp: Math.floor(Date.now() / 1000) + 600,
    })
    const response = await storageFetch(stack, '/object/list/probe', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    })
    expect(response.status).toBe(200)
    const seen = await stack.sql`select * from public.seen`
    expect(seen[0]).toEqual({
      role: 'authenticated',
      sub: alice.id,
      email: 'alice@example.com',
      operation: 'storage.object.list',
      method: 'POST',
    })
  })
})

describe('bad tokens', () => {
  const get = (authorization: string) =>
    storageFetch(stack, `/object/avatars/${alice.id}/face.png`, { headers: { authorization } })

  it('refuses an expired, forged or malformed JWT with AccessDenied and jose messages', async () => {
    const expired = await makeUser(stack, -10)
    const cases: [string, string][] = [
      [`Bearer ${expired.token}`, '"exp" claim timestamp check failed'],
      [`Bearer ${alice.token.slice(0, -4)}AAAA`, 'signature verification failed'],
      ['Bearer garbage', 'Invalid Compact JWS'],
    ]
    for (const [authorization, message] of cases) {
      const response = await get(authorization)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message,
      })
    }
  })

  it('refuses a request that carries no key at all', async () => {
    const response = await fetch(`${stack.url}/storage/v1/object/avatars/${alice.id}/face.png`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    const publicUrl = await fetch(
      `${stack.url}/storage/v1/object/public/avatars/${alice.id}/face.png`
    )
    expect(publicUrl.status).toBe(200)
  })

  it('refuses a token whose role is no database role', async () => {
    const token = await stack.keys.sign({
      sub: alice.id,
      role: 'nobody',
      exp: Math.floor(Date.now() / 1000) + 60,
    })
    const response = await get(`Bearer ${token}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
  })

  it('answers the new API keys as the gateway maps them', async () => {
    const secret = await fetch(`${stack.url}/storage/v1/object/team/${group}/plan.txt`, {
      headers: { apikey: stack.keys.secretKey, authorization: `Bearer ${stack.keys.secretKey}` },
    })
    expect(await secret.text()).toBe('the plan')
    const publishable = await fetch(`${stack.url}/storage/v1/object/team/${group}/plan.txt`, {
      headers: { apikey: stack.keys.publishableKey },
    })
    expect(await publishable.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
  })
})
