// The auth benchmark's stack: a project of its own (high rate limits, an items table each user
// reads their own rows of under RLS), started in a process of its own, with the Supabase CLI's
// well-known keys, and its users, each with 20 items.
import type { ChildProcess } from 'node:child_process'
import { DEFAULT_JWT_SECRET } from '../../backend/src/config/project-config.ts'
import { signHs256 } from '../../backend/src/jwt/jwt-keys.ts'
import { startStackProcess } from '../support/processes.ts'

// The Supabase CLI's well-known local keys (default JWT secret).
export const ANON_KEY = signHs256(DEFAULT_JWT_SECRET, {
  iss: 'supabase-demo',
  role: 'anon',
  exp: 1983812996,
})
export const SERVICE_KEY = signHs256(DEFAULT_JWT_SECRET, {
  iss: 'supabase-demo',
  role: 'service_role',
  exp: 1983812996,
})
export const PASSWORD = 'bench-password-1'

export const CONFIG = `project_id = "auth-bench"
[auth]
site_url = "http://127.0.0.1:3000"
[auth.rate_limit]
sign_in_sign_ups = 100000000
token_refresh = 100000000
token_verifications = 100000000
`

export const MIGRATION = `
create table public.items (
  id bigserial primary key,
  owner uuid not null default auth.uid() references auth.users on delete cascade,
  body text not null
);
alter table public.items enable row level security;
create policy "own items" on public.items for select to authenticated using (owner = auth.uid());
`

/** Starts the stack in a process of its own; ready once REST serves the items table. */
export function startStack(workdir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const ready = async () =>
    (
      await fetch(`http://127.0.0.1:${port}/rest/v1/items?select=id&limit=1`, {
        headers: { apikey: SERVICE_KEY },
      })
    ).ok
  return startStackProcess({ workdir, dataDir, port, ready })
}

export async function call(
  url: string,
  init: RequestInit,
  expected = 200
): Promise<Record<string, unknown>> {
  const response = await fetch(url, init)
  const text = await response.text()
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`)
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
}

/** Request headers with this token (the anon key as apikey). */
export const json = (token: string) => ({
  apikey: ANON_KEY,
  authorization: `Bearer ${token}`,
  'content-type': 'application/json;charset=UTF-8',
  'x-supabase-api-version': '2024-01-01',
})

export interface BenchUser {
  id: string
  email: string
  refreshToken: string
  accessToken: string
}

/** `count` users, each signed in once and with 20 items of their own among everyone's. */
export async function seedUsers(api: string, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = []
  for (let i = 0; i < count; i++) {
    const email = `bench-${i}@example.com`
    const created = await call(`${api}/auth/v1/admin/users`, {
      method: 'POST',
      headers: json(SERVICE_KEY),
      body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
    })
    const session = await call(`${api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: json(ANON_KEY),
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    users.push({
      id: created.id as string,
      email,
      refreshToken: session.refresh_token as string,
      accessToken: session.access_token as string,
    })
    await call(
      `${api}/rest/v1/items`,
      {
        method: 'POST',
        headers: { ...json(session.access_token as string), prefer: 'return=minimal' },
        body: JSON.stringify(Array.from({ length: 20 }, (_, n) => ({ body: `item ${n}` }))),
      },
      201
    ).catch(async () => {
      // REST writes need an insert policy; seed through the service role instead.
      await call(
        `${api}/rest/v1/items`,
        {
          method: 'POST',
          headers: { ...json(SERVICE_KEY), prefer: 'return=minimal' },
          body: JSON.stringify(
            Array.from({ length: 20 }, (_, n) => ({ owner: created.id, body: `item ${n}` }))
          ),
        },
        201
      )
    })
  }
  return users
}
