// WebAuthn MFA with a real authenticator ceremony: Chromium (Debian's, through playwright-core)
// with a virtual authenticator from the DevTools protocol's WebAuthn domain, on a page whose origin
// is the relying party's ([auth.webauthn]). Registration raises the session to aal2 with
// mfa/webauthn in amr; a later sign-in proves the same key with an authentication ceremony.
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { MFA_ON } from './mfa-support.ts'
import { authConfig, authFetch, confirmedClient, decodeJwt } from './support.ts'
import type { SupabaseClient, TestStack } from './support.ts'

describe('WebAuthn factors in Chromium', () => {
  let stack: TestStack
  let page: Server
  let origin: string
  let browser: Browser
  let tab: Page

  beforeAll(async () => {
    page = createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>rp</title>')
    })
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
    origin = `http://localhost:${(page.address() as AddressInfo).port}`
    stack = await startTestStack({
      config: authConfig(
        '',
        '',
        `${MFA_ON}
[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
[auth.webauthn]
rp_id = "localhost"
rp_display_name = "Chorus"
rp_origins = ["${origin}"]`
      ),
    })
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
    tab = await browser.newPage()
    await tab.goto(`${origin}/`)
    const cdp = await tab.context().newCDPSession(tab)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
    await new Promise((resolve) => page?.close(resolve))
  })

  /** The challenge's ceremony options, as the server sends them (JSON). */
  async function challenge(token: string, factorId: string) {
    const response = await authFetch(stack, `/factors/${factorId}/challenge`, { token, body: {} })
    expect(response.status).toBe(200)
    return response.body as {
      id: string
      type: string
      expires_at: number
      webauthn: { type: 'create' | 'request'; credential_options: { publicKey: unknown } }
    }
  }

  /** Runs the ceremony in the page and answers the credential as its JSON. */
  function ceremony(kind: 'create' | 'request', publicKey: unknown): Promise<unknown> {
    return tab.evaluate(
      async ({ kind, publicKey }) => {
        // Browser globals, typed here without the DOM library of the backend's tsconfig.
        interface Browser {
          PublicKeyCredential: {
            parseCreationOptionsFromJSON(json: unknown): unknown
            parseRequestOptionsFromJSON(json: unknown): unknown
          }
          navigator: {
            credentials: {
              create(o: { publicKey: unknown }): Promise<{ toJSON(): unknown }>
              get(o: { publicKey: unknown }): Promise<{ toJSON(): unknown }>
            }
          }
        }
        const { PublicKeyCredential: PKC, navigator } = globalThis as unknown as Browser
        const credential =
          kind === 'create'
            ? await navigator.credentials.create({
                publicKey: PKC.parseCreationOptionsFromJSON(publicKey),
              })
            : await navigator.credentials.get({
                publicKey: PKC.parseRequestOptionsFromJSON(publicKey),
              })
        return credential.toJSON()
      },
      { kind, publicKey }
    )
  }

  function verify(
    client: SupabaseClient,
    factorId: string,
    challengeId: string,
    type: 'create' | 'request',
    json: unknown
  ) {
    return client.auth.mfa.verify({
      factorId,
      challengeId,
      webauthn: {
        type,
        rpId: 'localhost',
        rpOrigins: [origin],
        // auth-js serializes a PublicKeyCredential with its toJSON().
        credential_response: { toJSON: () => json } as never,
      },
    } as never)
  }

  it('registers a key (aal2, mfa/webauthn) and proves it after a new sign-in', async () => {
    const { client, email, password, session, user } = await confirmedClient(stack)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'key' })
    expect(enrolled.error).toBeNull()
    expect(enrolled.data).toEqual({
      id: expect.any(String),
      type: 'webauthn',
      friendly_name: 'key',
    })
    const factorId = enrolled.data!.id

    const created = await challenge(session.access_token, factorId)
    expect(created.type).toBe('webauthn')
    expect(created.webauthn.type).toBe('create')
    const options = created.webauthn.credential_options.publicKey as {
      rp: { id: string; name: string }
      user: { name: string }
    }
    expect(options.rp).toEqual({ id: 'localhost', name: 'Chorus' })
    expect(options.user.name).toBe(email)

    const registration = await ceremony('create', created.webauthn.credential_options.publicKey)
    const registered = await verify(client, factorId, created.id, 'create', registration)
    expect(registered.error).toBeNull()
    const claims = decodeJwt(registered.data!.access_token).payload
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual([
      'mfa/webauthn',
      'password',
    ])
    const [row] = await stack.sql`
      select status::text, web_authn_credential ->> 'id' as credential_id
      from auth.mfa_factors where id = ${factorId}`
    expect(row?.status).toBe('verified')
    expect(row?.credential_id).toBe((registration as { id: string }).id)
    const replay = await verify(client, factorId, created.id, 'create', registration)
    expect(replay.error?.code).toBe('mfa_factor_not_found')

    const later = stack.client()
    const signedIn = await later.auth.signInWithPassword({ email, password })
    const level = await later.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    const requested = await challenge(signedIn.data.session!.access_token, factorId)
    expect(requested.webauthn.type).toBe('request')
    const assertion = await ceremony('request', requested.webauthn.credential_options.publicKey)
    const proved = await verify(later, factorId, requested.id, 'request', assertion)
    expect(proved.error).toBeNull()
    expect(decodeJwt(proved.data!.access_token).payload.aal).toBe('aal2')
    expect(decodeJwt(proved.data!.access_token).payload.sub).toBe(user.id)

    const noWebAuthn = await authFetch(stack, `/factors/${factorId}/verify`, {
      token: proved.data!.access_token,
      body: { challenge_id: requested.id },
    })
    expect(noWebAuthn.status).toBe(400)
    expect(noWebAuthn.body).toEqual({
      code: 'validation_failed',
      message: 'WebAuthn config required',
    })
  }, 60_000)
})
