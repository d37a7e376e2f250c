// Asymmetric signing keys ([auth] signing_keys_path): user tokens are ES256 with the key's kid, the
// public key is served at /.well-known/jwks.json, and supabase-js's getClaims verifies with it.
import { exportJWK, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, authFetch, decodeJwt, signedUpClient } from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: 'chorus-test-key', alg: 'ES256' }
  stack = await startTestStack({
    config: authConfig('signing_keys_path = "./signing_keys.json"'),
    files: { 'signing_keys.json': JSON.stringify([jwk]) },
  })
})

afterAll(async () => {
  await stack?.stop()
})

describe('asymmetric signing keys', () => {
  it('signs user tokens with the first key and publishes its public half', async () => {
    const { client, session, user } = await signedUpClient(stack)
    const { header } = decodeJwt(session.access_token)
    expect(header).toEqual({ alg: 'ES256', kid: 'chorus-test-key', typ: 'JWT' })

    const jwks = await authFetch(stack, '/.well-known/jwks.json')
    expect(jwks.status).toBe(200)
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600')
    const keys = jwks.body.keys as Record<string, unknown>[]
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', kid: 'chorus-test-key', alg: 'ES256' })
    expect(keys[0]).not.toHaveProperty('d')

    const { data, error } = await client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(user.id)
    expect(data?.header.kid).toBe('chorus-test-key')

    const { data: me } = await client.auth.getUser()
    expect(me.user?.id).toBe(user.id)
  })

  it('still refuses HS256 tokens signed with a wrong secret', async () => {
    const { session } = await signedUpClient(stack)
    const [, body] = session.access_token.split('.')
    const forged = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.${body}.AAAA`
    const response = await authFetch(stack, '/user', { token: forged })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('bad_jwt')
  })
})
