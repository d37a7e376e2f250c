// What a signed-up user's session reaches through supabase-js: auth.uid() in RLS, own rows over
// REST, sb_publishable_/sb_secret_ keys; and the instance's /settings, /health and JWKS.
import { describe, expect, it } from 'vitest'
import { startAppStack } from './signup-app.ts'
import { authFetch, signedUpClient, uniqueEmail } from './support.ts'
import { useTestStack } from '../support/use-stack.ts'

const t = useTestStack(startAppStack)

/** Alice and Bob, signed up, with a note each. */
async function twoWithNotes(aliceNote: string, bobNote: string) {
  const alice = await signedUpClient(t.stack)
  const bob = await signedUpClient(t.stack)
  await t.stack
    .sql`insert into public.notes (owner, body) values (${alice.user.id}, ${aliceNote}), (${bob.user.id}, ${bobNote})`
  return { alice, bob }
}

describe('auth.uid() in row-level security', () => {
  it('sees the signed-in user through the request scope', async () => {
    const { alice } = await twoWithNotes('alice note', 'bob note')
    const verified = await t.stack.keys.verify(alice.session.access_token)
    if (!verified.ok) throw new Error('token did not verify')
    const rows = await t.stack.context.db.withScope(
      { role: 'authenticated', claims: verified.claims },
      { readOnly: true },
      async (tx) =>
        tx<{ body: string; uid: string }[]>`select body, auth.uid()::text as uid from public.notes`
    )
    expect(rows).toEqual([{ body: 'alice note', uid: alice.user.id }])
  })
})

describe('through REST', () => {
  it("lets supabase-js read only the signed-in user's rows", async () => {
    const { alice, bob } = await twoWithNotes('a1', 'b1')
    const { data, error } = await alice.client.from('notes').select('body')
    expect(error).toBeNull()
    expect(data).toEqual([{ body: 'a1' }])
    const inserted = await bob.client.from('notes').insert({ owner: alice.user.id, body: 'forged' })
    expect(inserted.error?.code).toBe('42501')
  })
})

describe('new-style API keys', () => {
  it('works with sb_publishable_ and sb_secret_ keys', async () => {
    const client = t.stack.client(t.stack.keys.publishableKey)
    const email = uniqueEmail('publishable')
    const { data, error } = await client.auth.signUp({ email, password: 'secret-pass-1' })
    expect(error).toBeNull()
    expect(data.session).not.toBeNull()
    expect((await client.auth.getUser()).data.user?.email).toBe(email)
    const admin = t.stack.client(t.stack.keys.secretKey)
    const { data: found, error: adminError } = await admin.auth.admin.getUserById(data.user!.id)
    expect(adminError).toBeNull()
    expect(found.user?.email).toBe(email)
    const refused = await client.auth.admin.getUserById(data.user!.id)
    expect(refused.error?.code).toBe('not_admin')
  })
})

describe('settings, health and keys', () => {
  it('describes the instance', async () => {
    const settings = await authFetch(t.stack, '/settings')
    expect(settings.status).toBe(200)
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      external: { email: true, phone: false, anonymous_users: false, github: false },
    })
    const health = await authFetch(t.stack, '/health', { token: null })
    expect(health.body).toMatchObject({ name: 'GoTrue' })
    const jwks = await authFetch(t.stack, '/.well-known/jwks.json')
    expect(jwks.body).toEqual({ keys: [] })
  })

  it('answers unknown paths as GoTrue does', async () => {
    const response = await authFetch(t.stack, '/nope')
    expect(response.status).toBe(404)
  })
})
