// Sessions: refresh-token rotation with GoTrue's reuse rules, two clients refreshing one session at
// once, and sign-out with the global, local and others scopes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authFetch, decodeJwt, signedUpClient, startAuthStack } from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startAuthStack()
})

afterAll(async () => {
  await stack?.stop()
})

function refresh(refreshToken: string) {
  return authFetch(stack, '/token?grant_type=refresh_token', {
    body: { refresh_token: refreshToken },
  })
}

/** Moves a token's revocation back in time, past the 10 s reuse interval. */
async function age(refreshToken: string, seconds: number) {
  await stack.sql`
    update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => ${seconds})
    where token = ${refreshToken}`
}

describe('refresh-token rotation', () => {
  it('rotates the refresh token and keeps the session', async () => {
    const { client, session } = await signedUpClient(stack)
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    const next = data.session!
    expect(next.refresh_token).not.toBe(session.refresh_token)
    expect(next.user.id).toBe(session.user.id)
    expect(decodeJwt(next.access_token).payload.session_id).toBe(
      decodeJwt(session.access_token).payload.session_id
    )
    // The sign-in method stays in amr across refreshes.
    expect(decodeJwt(next.access_token).payload.amr).toEqual([
      { method: 'password', timestamp: expect.any(Number) },
    ])
    const rows = await stack.sql<{ token: string; revoked: boolean; parent: string | null }[]>`
      select token, revoked, parent from auth.refresh_tokens
      where session_id = ${decodeJwt(next.access_token).payload.session_id as string} order by id`
    expect(rows).toEqual([
      { token: session.refresh_token, revoked: true, parent: null },
      { token: next.refresh_token, revoked: false, parent: session.refresh_token },
    ])
  })

  it('returns the active child when its revoked parent is replayed', async () => {
    const { session } = await signedUpClient(stack)
    const first = await refresh(session.refresh_token)
    expect(first.status).toBe(200)
    const child = first.body.refresh_token as string
    const replay = await refresh(session.refresh_token)
    expect(replay.status).toBe(200)
    expect(replay.body.refresh_token).toBe(child)
  })

  it('revokes the session family when the parent is replayed after the reuse interval', async () => {
    const { session } = await signedUpClient(stack)
    const first = await refresh(session.refresh_token)
    const child = first.body.refresh_token as string
    await age(session.refresh_token, 11)
    const late = await refresh(session.refresh_token)
    expect(late.status).toBe(400)
    expect(late.body.code).toBe('refresh_token_already_used')
    // The active child went down with the family.
    const [row] = await stack.sql`select revoked from auth.refresh_tokens where token = ${child}`
    expect(row).toEqual({ revoked: true })
  })

  it('accepts an older token within the reuse interval and issues a new child', async () => {
    const { session } = await signedUpClient(stack)
    const first = await refresh(session.refresh_token)
    const second = await refresh(first.body.refresh_token as string)
    expect(second.status).toBe(200)
    // The grandparent is no longer the active token's parent, but was revoked < 10 s ago.
    const reused = await refresh(session.refresh_token)
    expect(reused.status).toBe(200)
    expect(reused.body.refresh_token).not.toBe(second.body.refresh_token)
  })

  it('revokes the whole session when an old token is replayed after the interval', async () => {
    const { session, user } = await signedUpClient(stack)
    const first = await refresh(session.refresh_token)
    const second = await refresh(first.body.refresh_token as string)
    const active = second.body.refresh_token as string
    await age(session.refresh_token, 20)
    const replay = await refresh(session.refresh_token)
    expect(replay.status).toBe(400)
    expect(replay.body).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    const live = await stack.sql`
      select 1 from auth.refresh_tokens where user_id = ${user.id} and revoked = false`
    expect(live).toHaveLength(0)
    // The stolen family is dead: its newest token only works during the reuse window…
    await age(active, 20)
    const afterwards = await refresh(active)
    expect(afterwards.status).toBe(400)
    expect(afterwards.body.code).toBe('refresh_token_already_used')
  })

  it('answers unknown and missing refresh tokens as GoTrue does', async () => {
    const client = stack.client()
    const { error } = await client.auth.refreshSession({ refresh_token: 'nosuchtoken1' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
    const missing = await refresh('')
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    })
  })

  it('lets two clients holding one session refresh at once', async () => {
    const { session } = await signedUpClient(stack)
    const tab1 = stack.client()
    const tab2 = stack.client()
    await tab1.auth.setSession(session)
    await tab2.auth.setSession(session)
    const [a, b] = await Promise.all([tab1.auth.refreshSession(), tab2.auth.refreshSession()])
    expect(a.error).toBeNull()
    expect(b.error).toBeNull()
    // Both hold a working session afterwards.
    for (const tab of [tab1, tab2]) {
      const { data, error } = await tab.auth.getUser()
      expect(error).toBeNull()
      expect(data.user?.id).toBe(session.user.id)
      const { error: again } = await tab.auth.refreshSession()
      expect(again).toBeNull()
    }
  })
})

describe('sign-out', () => {
  async function devices(count: number) {
    const first = await signedUpClient(stack)
    const clients = [first.client]
    for (let i = 1; i < count; i++) {
      const client = stack.client()
      const { error } = await client.auth.signInWithPassword({
        email: first.email,
        password: first.password,
      })
      expect(error).toBeNull()
      clients.push(client)
    }
    const tokens = await Promise.all(
      clients.map(async (c) => (await c.auth.getSession()).data.session!)
    )
    return { user: first.user, clients, tokens }
  }

  it('signs out one device with scope local; the others keep working', async () => {
    const { user, clients, tokens } = await devices(2)
    const { error } = await clients[0]!.auth.signOut({ scope: 'local' })
    expect(error).toBeNull()
    expect((await clients[0]!.auth.getSession()).data.session).toBeNull()
    const gone = await authFetch(stack, '/user', { token: tokens[0]!.access_token })
    expect(gone.status).toBe(403)
    expect(gone.body).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    })
    const refreshed = await refresh(tokens[0]!.refresh_token)
    expect(refreshed.body.code).toBe('refresh_token_not_found')
    const { data } = await clients[1]!.auth.getUser()
    expect(data.user?.id).toBe(user.id)
  })

  it('signs out every device with scope global (the default)', async () => {
    const { user, clients, tokens } = await devices(3)
    const { error } = await clients[1]!.auth.signOut()
    expect(error).toBeNull()
    const sessions = await stack.sql`select 1 from auth.sessions where user_id = ${user.id}`
    expect(sessions).toHaveLength(0)
    for (const token of tokens) {
      const response = await authFetch(stack, '/user', { token: token.access_token })
      expect(response.status).toBe(403)
    }
    // supabase-js treats the other devices' next getUser as signed out.
    const { data, error: userError } = await clients[2]!.auth.getUser()
    expect(data.user).toBeNull()
    expect(userError?.name).toBe('AuthSessionMissingError')
  })

  it('signs out the other devices with scope others', async () => {
    const { clients, tokens } = await devices(3)
    const { error } = await clients[0]!.auth.signOut({ scope: 'others' })
    expect(error).toBeNull()
    expect((await clients[0]!.auth.getUser()).data.user).not.toBeNull()
    for (const token of tokens.slice(1)) {
      const response = await authFetch(stack, '/user', { token: token.access_token })
      expect(response.body.code).toBe('session_not_found')
    }
  })

  it('answers logout with 204 and rejects unknown scopes', async () => {
    const { session } = await signedUpClient(stack)
    const bad = await authFetch(stack, '/logout?scope=everywhere', {
      method: 'POST',
      token: session.access_token,
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everywhere"',
    })
    const ok = await authFetch(stack, '/logout?scope=local', {
      method: 'POST',
      token: session.access_token,
    })
    expect(ok.status).toBe(204)
    expect(ok.text).toBe('')
  })
})
