// Shared by the Storage contract tests: an app's storage policies (as migrations), a file's stack
// with its signed-in people, user tokens, and small helpers around the real supabase-js client
// and raw HTTP.
import { createHash, randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack } from '../support/stack.ts'
import type { TestStack, TestStackOptions } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'

/**
 * Policies like a real app's:
 * - avatars: a public bucket; anyone reads, a user writes only under a folder named by their id;
 * - files: a private bucket; a user reads and writes only under their own folder;
 * - team: a private bucket readable (and writable) by the members of the group named by the
 *   first folder;
 * - dropbox: objects may be read only to sign URLs for them (a policy on storage.operation());
 * - the service role bypasses all of it.
 */
export const APP_POLICIES = `
insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true);
insert into storage.buckets (id, name, public) values ('files', 'files', false);
insert into storage.buckets (id, name, public) values ('team', 'team', false);

create table public.groups (id uuid primary key, name text not null);
create table public.group_members (
  group_id uuid not null references public.groups (id),
  user_id uuid not null,
  primary key (group_id, user_id)
);
alter table public.group_members enable row level security;
create policy "see own memberships" on public.group_members for select to authenticated
  using (user_id = auth.uid());

create policy "avatars are public" on storage.objects for select
  using (bucket_id = 'avatars');
create policy "avatars under own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "avatars update own" on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "avatars delete own" on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "files read own" on storage.objects for select to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "files insert own" on storage.objects for insert to authenticated
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "files update own" on storage.objects for update to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "files delete own" on storage.objects for delete to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "team members read" on storage.objects for select to authenticated
  using (bucket_id = 'team' and exists (
    select 1 from public.group_members m
    where m.group_id::text = (storage.foldername(name))[1] and m.user_id = (select auth.uid())));
create policy "team members write" on storage.objects for insert to authenticated
  with check (bucket_id = 'team' and exists (
    select 1 from public.group_members m
    where m.group_id::text = (storage.foldername(name))[1] and m.user_id = (select auth.uid())));

-- dropbox: readable only through signed URLs (storage.operation() names what Storage is doing).
insert into storage.buckets (id, name, public) values ('dropbox', 'dropbox', false);
create policy "dropbox signs only" on storage.objects for select to authenticated
  using (bucket_id = 'dropbox' and storage.operation() = 'storage.object.sign');

create policy "buckets are listed" on storage.buckets for select to authenticated using (true);
create policy "users create own buckets" on storage.buckets for insert to authenticated
  with check (name like 'user-%');
`

export async function startStorageStack(options: TestStackOptions = {}): Promise<TestStack> {
  return startTestStack({
    ...options,
    migrations: { '20240101000000_storage_policies.sql': APP_POLICIES, ...options.migrations },
  })
}

export interface TestUser {
  id: string
  token: string
  client: SupabaseClient
}

/** A signed-in user: a fresh id, its access token, and a supabase-js client using it. */
export async function makeUser(stack: TestStack, expiresIn = 3600): Promise<TestUser> {
  const id = randomUUID()
  const token = await stack.keys.sign({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + expiresIn,
  })
  const client = stack.client(stack.anonKey, {
    global: { headers: { Authorization: `Bearer ${token}` } },
  })
  return { id, token, client }
}

/**
 * The storage stack for a file's tests, with a signed-in user for each of `names` (made in that
 * order), then `prepare` with them: `t.stack`, `t.alice`.
 */
export function useStorageStack<N extends string>(
  names: readonly N[],
  prepare?: (stack: TestStack, people: Record<N, TestUser>) => Promise<void>
) {
  return useTestStack(startStorageStack, async (stack) => {
    const people = {} as Record<N, TestUser>
    for (const name of names) people[name] = await makeUser(stack)
    await prepare?.(stack, people)
    return people
  })
}

export function serviceClient(stack: TestStack): SupabaseClient {
  return stack.client(stack.serviceRoleKey)
}

/** Raw HTTP to the stack's storage API. */
export function storageFetch(
  stack: TestStack,
  pathAndQuery: string,
  init: RequestInit & { token?: string } = {}
): Promise<Response> {
  const { token, ...rest } = init
  const headers = new Headers(rest.headers)
  if (!headers.has('apikey')) headers.set('apikey', stack.anonKey)
  if (token !== undefined && !headers.has('authorization')) {
    headers.set('authorization', `Bearer ${token}`)
  }
  return fetch(`${stack.url}/storage/v1${pathAndQuery}`, { ...rest, headers })
}

/**
 * Every file under the stack's storage folder, relative to it, once Storage has put the uploads
 * it answered in place (it renames them after answering).
 */
export async function filesOnDisk(stack: TestStack): Promise<string[]> {
  await stack.settled()
  const root = path.join(stack.context.dataDir, 'storage')
  const found: string[] = []
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) await walk(full)
      else found.push(path.relative(root, full))
    }
  }
  await walk(root)
  return found.sort()
}

export function bytes(size: number, seed = 1): Buffer {
  const buffer = Buffer.alloc(size)
  let x = seed
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    buffer[i] = x & 0xff
  }
  return buffer
}

/** The ETag Storage gives an object: the hex MD5 of its bytes, quoted. */
export function etagOf(data: Buffer | string): string {
  return `"${createHash('md5').update(data).digest('hex')}"`
}

/** The error storage-js returns, as a plain shape to compare. */
export function errorShape(error: unknown): {
  status?: number
  statusCode?: string
  message?: string
} {
  const e = error as { status?: number; statusCode?: string; message?: string } | null
  return { status: e?.status, statusCode: e?.statusCode, message: e?.message }
}

/** The row of an object as stored (id, owners, version and metadata), or undefined. */
export async function objectRow(stack: TestStack, bucket: string, name: string) {
  const [found] = await stack.sql`
    select id::text, owner::text, owner_id, version, metadata, user_metadata
    from storage.objects where bucket_id = ${bucket} and name = ${name}`
  return found
}
