import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_JWT_SECRET } from '../config/project-config.ts'
import { JwtKeys } from '../jwt/jwt-keys.ts'
import { Gateway, INVALID_API_KEY, NO_API_KEY } from './gateway.ts'
import { temporaryFolders } from '../../test/support/temp-folders.ts'

const folders = temporaryFolders()

let keys: JwtKeys

beforeAll(async () => {
  keys = await JwtKeys.create(DEFAULT_JWT_SECRET)
})

const request = (authorization?: string, apikeyHeader?: string, apikeyQuery?: string) => ({
  authorization,
  apikeyHeader,
  apikeyQuery,
})

describe('Gateway (as the Supabase CLI gateway)', () => {
  it('passes a user JWT in Authorization through unchanged', () => {
    const gateway = new Gateway(keys, false)
    expect(gateway.resolve(request('Bearer user.jwt.token', keys.anonKey))).toEqual({
      ok: true,
      token: 'user.jwt.token',
    })
  })

  it('maps the publishable and secret keys to the anon and service_role JWTs', () => {
    const gateway = new Gateway(keys, false)
    expect(gateway.resolve(request(`Bearer ${keys.publishableKey}`, keys.publishableKey))).toEqual({
      ok: true,
      token: keys.anonKey,
    })
    expect(gateway.resolve(request(undefined, keys.secretKey))).toEqual({
      ok: true,
      token: keys.serviceRoleKey,
    })
    expect(gateway.resolve(request(undefined, undefined, keys.publishableKey))).toEqual({
      ok: true,
      token: keys.anonKey,
    })
  })

  it('uses a legacy JWT apikey as the token when there is no Authorization', () => {
    const gateway = new Gateway(keys, false)
    expect(gateway.resolve(request(undefined, keys.anonKey))).toEqual({
      ok: true,
      token: keys.anonKey,
    })
  })

  it('lets a request without any key through as anonymous', () => {
    expect(new Gateway(keys, false).resolve(request())).toEqual({ ok: true, token: null })
  })

  it('refuses missing and unknown keys in strict mode with the hosted bodies', () => {
    const strict = new Gateway(keys, true)
    expect(strict.resolve(request())).toEqual({ ok: false, status: 401, body: NO_API_KEY })
    expect(strict.resolve(request('Bearer x', 'sb_publishable_nope'))).toEqual({
      ok: false,
      status: 401,
      body: INVALID_API_KEY,
    })
    expect(strict.resolve(request(undefined, keys.anonKey))).toEqual({
      ok: true,
      token: keys.anonKey,
    })
  })
})

describe('JwtKeys', () => {
  it('verifies its own tokens and reports expiry, bad signatures and malformed tokens', async () => {
    const now = Math.floor(Date.now() / 1000)
    const good = await keys.sign({ sub: 'u1', role: 'authenticated', exp: now + 60 })
    expect(await keys.verify(good)).toMatchObject({ ok: true, claims: { sub: 'u1' } })

    const expired = await keys.sign({ role: 'authenticated', exp: now - 30 })
    expect(await keys.verify(expired)).toMatchObject({ ok: false, error: { kind: 'expired' } })

    const [h, p] = good.split('.')
    const forged = `${h}.${p}.${Buffer.from('forged').toString('base64url')}`
    expect(await keys.verify(forged)).toMatchObject({ ok: false, error: { kind: 'signature' } })

    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`
    expect(await keys.verify(none)).toMatchObject({ ok: false, error: { kind: 'signature' } })

    expect(await keys.verify('sb_publishable_x')).toMatchObject({
      ok: false,
      error: { kind: 'malformed', message: 'Expected 3 parts in JWT; got 1' },
    })
  })

  it('signs with an asymmetric key from signing_keys_path and serves its public JWK', async () => {
    const { generateKeyPair, exportJWK } = await import('jose')
    const { writeFile } = await import('node:fs/promises')
    const path = await import('node:path')
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    const jwk = { ...(await exportJWK(privateKey)), kid: 'key-1', alg: 'ES256', use: 'sig' }
    const file = path.join(await folders.make('keys-'), 'signing_keys.json')
    await writeFile(file, JSON.stringify([jwk]))

    const asymmetric = await JwtKeys.create(DEFAULT_JWT_SECRET, file)
    const token = await asymmetric.sign({
      sub: 'u2',
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 60,
    })
    expect(
      JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())
    ).toMatchObject({
      alg: 'ES256',
      kid: 'key-1',
    })
    expect(await asymmetric.verify(token)).toMatchObject({ ok: true })
    // HS256 tokens stay valid next to the asymmetric key, as on a migrated project.
    expect(await asymmetric.verify(keys.serviceRoleKey)).toMatchObject({ ok: true })
    const published = asymmetric.jwks().keys
    expect(published).toHaveLength(1)
    expect(published[0]).toMatchObject({ kid: 'key-1', kty: 'EC', crv: 'P-256' })
    expect(published[0]).not.toHaveProperty('d')
  })
})
