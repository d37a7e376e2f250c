// The admin API through supabase-js's auth.admin with the service_role key: paged listing with
// GoTrue's Link and X-Total-Count headers, get, create (email_confirm, password_hash), update (ban,
// metadata, password, email), soft and hard delete. generate_link and invite: admin-links.test.ts.
import { describe, expect, it } from 'vitest'
import { TIMESTAMP, useAdminStack } from './admin-support.ts'
import { authFetch, signedUpClient, uniqueEmail } from './support.ts'

const t = useAdminStack()

describe('admin users', () => {
  it('creates a confirmed user that can sign in', async () => {
    const email = uniqueEmail('created')
    const { data, error } = await t.admin.auth.admin.createUser({
      email,
      password: 'admin-made-1',
      email_confirm: true,
      user_metadata: { name: 'Made' },
      app_metadata: { plan: 'pro' },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toMatch(TIMESTAMP)
    expect(data.user?.user_metadata).toEqual({ name: 'Made', email_verified: true })
    expect(data.user?.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      plan: 'pro',
    })
    const signIn = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'admin-made-1' })
    expect(signIn.error).toBeNull()
    const claims = JSON.parse(
      Buffer.from(signIn.data.session!.access_token.split('.')[1]!, 'base64url').toString()
    )
    expect(claims.app_metadata).toEqual({ plan: 'pro', provider: 'email', providers: ['email'] })
  })

  it('creates an unconfirmed user with a given id and an imported bcrypt hash', async () => {
    const [{ hash }] = (await t.stack
      .sql`select extensions.crypt('imported-pass', extensions.gen_salt('bf', 10)) as hash`) as unknown as [
      { hash: string },
    ]
    const id = '3c7c5d1e-6a43-4c8e-9b0a-2f7d1c0e9a11'
    const email = uniqueEmail('hash')
    const { data, error } = await t.admin.auth.admin.createUser({
      id,
      email,
      password_hash: hash,
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(id)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    const refused = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'imported-pass' })
    expect(refused.error?.code).toBe('email_not_confirmed')
    await t.admin.auth.admin.updateUserById(id, { email_confirm: true })
    const signIn = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'imported-pass' })
    expect(signIn.error).toBeNull()
  })

  it('refuses a duplicate email and a user without email', async () => {
    const { email } = await signedUpClient(t.stack)
    const duplicate = await t.admin.auth.admin.createUser({ email, password: 'x-pass-123' })
    expect(duplicate.error?.status).toBe(422)
    expect(duplicate.error?.code).toBe('email_exists')
    expect(duplicate.error?.message).toBe(
      'A user with this email address has already been registered'
    )
    const none = await t.admin.auth.admin.createUser({ password: 'x-pass-123' })
    expect(none.error?.status).toBe(400)
    expect(none.error?.message).toBe('Cannot create a user without either an email or phone')
  })

  it('gets a user by id and answers unknown ids with 404', async () => {
    const { user } = await signedUpClient(t.stack)
    const { data, error } = await t.admin.auth.admin.getUserById(user.id)
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    const missing = await t.admin.auth.admin.getUserById('4f1b7f76-4a5d-4a0f-9f3b-000000000000')
    expect(missing.error?.status).toBe(404)
    expect(missing.error?.code).toBe('user_not_found')
    expect(missing.error?.message).toBe('User not found')
    const notUuid = await authFetch(t.stack, '/admin/users/not-a-uuid', {
      token: t.stack.serviceRoleKey,
    })
    expect(notUuid.status).toBe(404)
    expect(notUuid.body.message).toBe('user_id must be an UUID')
  })

  it('lists users in pages with the Link and X-Total-Count headers', async () => {
    for (let i = 0; i < 3; i++) await signedUpClient(t.stack)
    const [{ n }] = (await t.stack.sql`select count(*)::int as n from auth.users`) as unknown as [
      { n: number },
    ]
    const raw = await authFetch(t.stack, '/admin/users?page=1&per_page=2', {
      token: t.stack.serviceRoleKey,
    })
    expect(raw.status).toBe(200)
    expect(raw.headers.get('x-total-count')).toBe(String(n))
    const last = Math.ceil(n / 2)
    expect(raw.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${last}&per_page=2>; rel="last"`
    )
    expect(raw.body.aud).toBe('authenticated')
    expect(raw.body.users).toHaveLength(2)

    const listed = await t.admin.auth.admin.listUsers({ page: 1, perPage: 2 })
    if (listed.error) throw listed.error
    const data = listed.data
    expect(data.users).toHaveLength(2)
    expect(data.total).toBe(n)
    expect(data.nextPage).toBe(2)
    expect(data.lastPage).toBe(Math.min(last, 9))
    // Newest first; pages do not overlap.
    const page2 = await t.admin.auth.admin.listUsers({ page: 2, perPage: 2 })
    const ids = new Set([...data.users, ...page2.data.users].map((u) => u.id))
    expect(ids.size).toBe(4)
    expect(new Date(data.users[0]!.created_at) >= new Date(data.users[1]!.created_at)).toBe(true)
    const bad = await authFetch(t.stack, '/admin/users?page=abc', { token: t.stack.serviceRoleKey })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^Bad Pagination Parameters: /)
  })

  it('bans and unbans a user', async () => {
    const { email, password, user, session } = await signedUpClient(t.stack)
    const { data, error } = await t.admin.auth.admin.updateUserById(user.id, {
      ban_duration: '24h',
    })
    expect(error).toBeNull()
    const until = new Date(data.user!.banned_until!).getTime()
    expect(until).toBeGreaterThan(Date.now() + 23 * 3600 * 1000)
    const signIn = await t.stack.client().auth.signInWithPassword({ email, password })
    expect(signIn.error?.status).toBe(400)
    expect(signIn.error?.code).toBe('user_banned')
    const refresh = await authFetch(t.stack, '/token?grant_type=refresh_token', {
      body: { refresh_token: session.refresh_token },
    })
    expect(refresh.body).toEqual({
      code: 'user_banned',
      message: 'Invalid Refresh Token: User Banned',
    })
    const badDuration = await t.admin.auth.admin.updateUserById(user.id, { ban_duration: '1 day' })
    expect(badDuration.error?.status).toBe(400)
    expect(badDuration.error?.message).toMatch(/^invalid format for ban duration: time: /)
    const unban = await t.admin.auth.admin.updateUserById(user.id, { ban_duration: 'none' })
    expect(unban.data.user?.banned_until).toBeUndefined()
    const again = await t.stack.client().auth.signInWithPassword({ email, password })
    expect(again.error).toBeNull()
  })

  it('updates metadata, password and email', async () => {
    const { user, session } = await signedUpClient(t.stack)
    const newEmail = uniqueEmail('moved')
    const { data, error } = await t.admin.auth.admin.updateUserById(user.id, {
      app_metadata: { role: 'editor' },
      user_metadata: { nick: 'n' },
      password: 'admin-set-pass',
      email: newEmail,
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(newEmail)
    expect(data.user?.app_metadata.role).toBe('editor')
    expect(data.user?.user_metadata.nick).toBe('n')
    expect(data.user?.identities?.[0]?.identity_data?.email).toBe(newEmail)
    // A password set by an admin ends every session.
    const old = await authFetch(t.stack, '/user', { token: session.access_token })
    expect(old.body.code).toBe('session_not_found')
    const signIn = await t.stack
      .client()
      .auth.signInWithPassword({ email: newEmail, password: 'admin-set-pass' })
    expect(signIn.error).toBeNull()
  })

  it('hard-deletes a user and what references it', async () => {
    const { user, session } = await signedUpClient(t.stack)
    expect(await t.stack.sql`select 1 from public.profiles where id = ${user.id}`).toHaveLength(1)
    const { data, error } = await t.admin.auth.admin.deleteUser(user.id)
    expect(error).toBeNull()
    expect(data.user).toEqual({})
    expect(await t.stack.sql`select 1 from auth.users where id = ${user.id}`).toHaveLength(0)
    expect(await t.stack.sql`select 1 from public.profiles where id = ${user.id}`).toHaveLength(0)
    const me = await authFetch(t.stack, '/user', { token: session.access_token })
    expect(me.status).toBe(403)
    expect(me.body).toEqual({
      code: 'user_not_found',
      message: 'User from sub claim in JWT does not exist',
    })
  })

  it('soft-deletes a user: row kept, identifying data hashed, sessions ended', async () => {
    const { user, email, password } = await signedUpClient(t.stack)
    const { error } = await t.admin.auth.admin.deleteUser(user.id, true)
    expect(error).toBeNull()
    const [row] = await t.stack.sql`
      select email, encrypted_password, deleted_at, raw_user_meta_data from auth.users where id = ${user.id}`
    expect(row?.deleted_at).not.toBeNull()
    expect(row?.email).not.toBe(email)
    expect(row?.encrypted_password).toBeNull()
    expect(row?.raw_user_meta_data).toEqual({})
    expect(await t.stack.sql`select 1 from auth.sessions where user_id = ${user.id}`).toHaveLength(
      0
    )
    const [identity] = await t.stack
      .sql`select provider_id from auth.identities where user_id = ${user.id}`
    expect(identity?.provider_id).not.toBe(user.id)
    const signIn = await t.stack.client().auth.signInWithPassword({ email, password })
    expect(signIn.error?.code).toBe('invalid_credentials')
    // The address is free again.
    const again = await t.stack.client().auth.signUp({ email, password })
    expect(again.error).toBeNull()
    expect(again.data.user?.id).not.toBe(user.id)
  })

  it('is refused to callers without the service role', async () => {
    const { session } = await signedUpClient(t.stack)
    for (const token of [t.stack.anonKey, session.access_token]) {
      const response = await authFetch(t.stack, '/admin/users', { token })
      expect(response.status).toBe(403)
      expect(response.body).toEqual({ code: 'not_admin', message: 'User not allowed' })
    }
    const userClient = t.stack.client()
    const { error } = await userClient.auth.admin.listUsers()
    expect(error?.code).toBe('not_admin')
  })
})
