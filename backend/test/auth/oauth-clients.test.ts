// The OAuth 2.1 server's admin client API through auth-js (admin.oauth.*) and raw HTTP, with
// GoTrue's bodies, status codes and validation errors; off unless [auth.oauth_server] enabled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, authFetch } from './support.ts'
import type { TestStack } from './support.ts'

const OAUTH_ON = '[auth.oauth_server]\nenabled = true'

describe('admin OAuth clients', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({ config: authConfig('', '', OAUTH_ON) })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('registers, lists, gets, updates, regenerates and deletes clients', async () => {
    const admin = stack.client(stack.serviceRoleKey).auth.admin.oauth
    const created = await admin.createClient({
      client_name: 'Chorus CLI',
      redirect_uris: ['https://cli.example.com/callback', 'http://localhost:8787/cb'],
    })
    expect(created.error).toBeNull()
    const client = created.data!
    expect(Object.keys(client)).toEqual([
      'client_id',
      'client_secret',
      'client_type',
      'redirect_uris',
      'token_endpoint_auth_method',
      'grant_types',
      'response_types',
      'client_name',
      'registration_type',
      'created_at',
      'updated_at',
    ])
    expect(client).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      registration_type: 'manual',
    })
    expect(client.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await stack.sql`
      select client_secret_hash, redirect_uris from auth.oauth_clients where id = ${client.client_id}`
    expect(row?.redirect_uris).toBe('https://cli.example.com/callback,http://localhost:8787/cb')
    expect(row?.client_secret_hash).not.toBe(client.client_secret)

    const pub = await admin.createClient({
      client_name: 'SPA',
      redirect_uris: ['https://spa.example.com/cb'],
      token_endpoint_auth_method: 'none',
    })
    expect(pub.data?.client_type).toBe('public')
    expect(pub.data?.client_secret).toBeUndefined()

    const listed = await admin.listClients()
    expect(listed.error).toBeNull()
    expect(listed.data.clients.map((c) => c.client_id)).toEqual([
      pub.data!.client_id,
      client.client_id,
    ])
    expect(listed.data.clients[1]).not.toHaveProperty('client_secret')

    const got = await admin.getClient(client.client_id)
    expect(got.data?.client_name).toBe('Chorus CLI')
    expect(got.data).not.toHaveProperty('client_secret')

    const updated = await admin.updateClient(client.client_id, {
      client_name: 'Chorus CLI 2',
      logo_uri: 'https://cli.example.com/logo.png',
    })
    expect(updated.error).toBeNull()
    expect(updated.data).toMatchObject({
      client_name: 'Chorus CLI 2',
      logo_uri: 'https://cli.example.com/logo.png',
      redirect_uris: ['https://cli.example.com/callback', 'http://localhost:8787/cb'],
    })

    const regenerated = await admin.regenerateClientSecret(client.client_id)
    expect(regenerated.error).toBeNull()
    expect(regenerated.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(regenerated.data?.client_secret).not.toBe(client.client_secret)
    const publicSecret = await admin.regenerateClientSecret(pub.data!.client_id)
    expect(publicSecret.error?.status).toBe(400)
    expect(publicSecret.error?.message).toBe('Cannot regenerate secret for public client')

    const raw = await authFetch(stack, `/admin/oauth/clients/${pub.data!.client_id}`, {
      method: 'DELETE',
      token: stack.serviceRoleKey,
    })
    expect(raw.status).toBe(204)
    expect(raw.text).toBe('')
    const gone = await admin.getClient(pub.data!.client_id)
    expect(gone.error?.status).toBe(404)
    expect(gone.error?.code).toBe('oauth_client_not_found')
    expect(gone.error?.message).toBe('OAuth client not found')
    const [deleted] = await stack.sql`
      select deleted_at is not null as deleted from auth.oauth_clients
      where id = ${pub.data!.client_id}`
    expect(deleted).toEqual({ deleted: true })
  })

  it('answers GoTrue’s validation errors', async () => {
    const post = (body: unknown) =>
      authFetch(stack, '/admin/oauth/clients', { token: stack.serviceRoleKey, body })
    const cases: [unknown, string][] = [
      [{}, '400: redirect_uris is required'],
      [
        { redirect_uris: ['http://app.example.com/cb'] },
        "400: invalid redirect_uri 'http://app.example.com/cb': HTTP scheme only allowed for localhost",
      ],
      [
        { redirect_uris: ['myapp://callback'] },
        "400: invalid redirect_uri 'myapp://callback': scheme must be HTTPS or HTTP (localhost only)",
      ],
      [
        { redirect_uris: ['https://app.example.com/cb#frag'] },
        "400: invalid redirect_uri 'https://app.example.com/cb#frag': fragment not allowed in redirect URI",
      ],
      [
        { redirect_uris: ['https://a.example.com'], grant_types: ['client_credentials'] },
        "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
      ],
      [
        { redirect_uris: ['https://a.example.com'], client_type: 'secret' },
        "400: client_type must be 'public' or 'confidential'",
      ],
      [
        { redirect_uris: ['https://a.example.com'], token_endpoint_auth_method: 'jwt' },
        '400: token_endpoint_auth_method must be one of: [none client_secret_basic client_secret_post]',
      ],
      [
        {
          redirect_uris: ['https://a.example.com'],
          client_type: 'public',
          token_endpoint_auth_method: 'client_secret_post',
        },
        "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
      ],
      [
        { redirect_uris: ['https://a.example.com'], client_uri: 'not a url' },
        '400: client_uri must be a valid URL',
      ],
    ]
    for (const [body, message] of cases) {
      const response = await post(body)
      expect(response.status, message).toBe(400)
      expect(response.body, message).toEqual({ code: 'validation_failed', message })
    }
    const badJson = await post({ redirect_uris: 'https://a.example.com' })
    expect(badJson.status).toBe(400)
    expect(badJson.body).toEqual({ code: 'bad_json', message: 'Invalid JSON body' })

    const admin = stack.client(stack.serviceRoleKey).auth.admin.oauth
    const created = await admin.createClient({
      client_name: 'x',
      redirect_uris: ['https://x.example.com'],
    })
    const id = created.data!.client_id
    const empty = await admin.updateClient(id, {})
    expect(empty.error?.message).toBe('No fields provided for update')
    const noUris = await admin.updateClient(id, { redirect_uris: [] })
    expect(noUris.error?.message).toBe('redirect_uris cannot be empty')
    const badId = await authFetch(stack, '/admin/oauth/clients/abc', {
      token: stack.serviceRoleKey,
    })
    expect(badId.status).toBe(400)
    expect(badId.body).toEqual({ code: 'validation_failed', message: 'invalid client_id format' })
    const notAdmin = await authFetch(stack, '/admin/oauth/clients')
    expect(notAdmin.status).toBe(403)
    expect(notAdmin.body.code).toBe('not_admin')
    const dynamic = await authFetch(stack, '/oauth/clients/register', {
      body: { redirect_uris: ['https://a.example.com'] },
    })
    expect(dynamic.status).toBe(403)
    expect(dynamic.body).toEqual({
      code: 'oauth_dynamic_client_registration_disabled',
      message: 'Dynamic client registration is not enabled',
    })
  })
})

describe('[auth.oauth_server] off (the CLI default)', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({ config: authConfig() })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('answers 404 feature_disabled', async () => {
    const listed = await stack.client(stack.serviceRoleKey).auth.admin.oauth.listClients()
    expect(listed.error?.status).toBe(404)
    expect(listed.error?.code).toBe('feature_disabled')
    expect(listed.error?.message).toBe('OAuth server is disabled')
  })
})
