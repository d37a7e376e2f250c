// WebAuthn factors (GoTrue's mfa.go with go-webauthn, here @simplewebauthn/server): an unverified
// factor's challenge is a registration ceremony ({type: "create", credential_options:
// {publicKey}}), a verified one's an authentication ceremony ({type: "request", …}); the expected
// challenge is kept on the mfa_challenges row, the credential on the factor, for the relying
// party [auth.webauthn] names (rp_id, rp_display_name, rp_origins; site_url's host and origin and
// the project id when unset).
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import type { AuthRuntime } from '../runtime.ts'
import type { FactorRow, User } from '../users/user-json.ts'

/** @simplewebauthn/server, loaded for the first ceremony (it is the slowest module to load). */
const webauthnLibrary = () => import('@simplewebauthn/server')

interface StoredCredential {
  id: string
  public_key: string
  counter: number
  transports?: AuthenticatorTransportFuture[]
}

interface SessionData {
  challenge: string
  type: 'create' | 'request'
}

export function relyingParty(rt: AuthRuntime): { id: string; name: string; origins: string[] } {
  const configured = rt.settings.mfa.webAuthnRp
  const site = new URL(rt.settings.siteUrl)
  return {
    id: configured.rpId || site.hostname,
    name: configured.rpDisplayName || rt.ctx.config.projectId,
    origins: configured.rpOrigins.length > 0 ? configured.rpOrigins : [site.origin],
  }
}

async function credentialsOf(tx: Tx, userId: string): Promise<StoredCredential[]> {
  const rows = await tx<{ c: StoredCredential }[]>`
    select web_authn_credential as c from auth.mfa_factors
    where user_id = ${userId} and factor_type = 'webauthn' and web_authn_credential is not null`
  return rows.map((r) => r.c)
}

async function factorCredential(tx: Tx, factorId: string): Promise<StoredCredential | null> {
  const rows = await tx<{ c: StoredCredential | null }[]>`
    select web_authn_credential as c from auth.mfa_factors where id = ${factorId}`
  return rows[0]?.c ?? null
}

/** The ceremony options of a new challenge, and what to keep on the challenge row. */
export async function webAuthnOptions(
  rt: AuthRuntime,
  tx: Tx,
  user: User,
  factor: FactorRow
): Promise<{ response: Record<string, unknown>; session: SessionData }> {
  const rp = relyingParty(rt)
  if (factor.status !== 'verified') {
    const existing = await credentialsOf(tx, user.id)
    const { generateRegistrationOptions } = await webauthnLibrary()
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: Buffer.from(user.id.replace(/-/g, ''), 'hex'),
      userName: user.email ?? user.id,
      userDisplayName: user.email ?? '',
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: ['usb', 'nfc'] })),
    })
    return {
      response: { type: 'create', credential_options: { publicKey: options } },
      session: { challenge: options.challenge, type: 'create' },
    }
  }
  const credential = await factorCredential(tx, factor.id)
  const { generateAuthenticationOptions } = await webauthnLibrary()
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: credential
      ? [
          {
            id: credential.id,
            ...(credential.transports ? { transports: credential.transports } : {}),
          },
        ]
      : [],
  })
  return {
    response: { type: 'request', credential_options: { publicKey: options } },
    session: { challenge: options.challenge, type: 'request' },
  }
}

export interface WebAuthnParams {
  type?: unknown
  credential_response?: unknown
}

/** GoTrue's checks of the verify body's webauthn object, before the challenge is looked at. */
export function checkWebAuthnParams(params: unknown): {
  type: 'create' | 'request'
  response: unknown
} {
  if (params === undefined || params === null || typeof params !== 'object') {
    throw ERRORS.validationFailed('WebAuthn config required')
  }
  const p = params as WebAuthnParams
  if (p.type !== 'create' && p.type !== 'request') {
    throw ERRORS.validationFailed('WebAuthn type must be create or request')
  }
  if (p.credential_response === undefined || p.credential_response === null) {
    throw ERRORS.validationFailed('credential_response required')
  }
  return { type: p.type, response: p.credential_response }
}

export async function challengeSession(tx: Tx, challengeId: string): Promise<SessionData | null> {
  const rows = await tx<{ s: SessionData | null }[]>`
    select web_authn_session_data as s from auth.mfa_challenges where id = ${challengeId}`
  return rows[0]?.s ?? null
}

/** Runs the ceremony's check; stores the new credential or the authenticator's counter. */
export async function verifyCeremony(
  rt: AuthRuntime,
  tx: Tx,
  factor: FactorRow,
  session: SessionData,
  given: { type: 'create' | 'request'; response: unknown }
): Promise<void> {
  const rp = relyingParty(rt)
  const expected = {
    expectedChallenge: session.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }
  if (given.type === 'create') {
    let result
    try {
      const { verifyRegistrationResponse } = await webauthnLibrary()
      result = await verifyRegistrationResponse({
        response: given.response as RegistrationResponseJSON,
        ...expected,
      })
    } catch (error) {
      throw ERRORS.validationFailed(`Invalid credential_response: ${(error as Error).message}`)
    }
    if (!result.verified) throw ERRORS.validationFailed('Invalid credential_response')
    const { credential, aaguid } = result.registrationInfo
    const stored: StoredCredential = {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      ...(credential.transports ? { transports: credential.transports } : {}),
    }
    const zero = '00000000-0000-0000-0000-000000000000'
    await tx`
      update auth.mfa_factors
      set web_authn_credential = ${tx.json(stored as never)},
          web_authn_aaguid = ${aaguid === zero ? null : aaguid}, updated_at = now()
      where id = ${factor.id}`
    return
  }
  const credential = await factorCredential(tx, factor.id)
  if (!credential) throw ERRORS.unexpectedFailure('Failed to validate WebAuthn MFA response')
  try {
    const { verifyAuthenticationResponse } = await webauthnLibrary()
    const result = await verifyAuthenticationResponse({
      response: given.response as AuthenticationResponseJSON,
      ...expected,
      credential: {
        id: credential.id,
        publicKey: Buffer.from(credential.public_key, 'base64url'),
        counter: credential.counter,
      },
    })
    if (!result.verified) throw new Error('not verified')
    await tx`
      update auth.mfa_factors
      set web_authn_credential = jsonb_set(web_authn_credential, '{counter}',
            to_jsonb(${result.authenticationInfo.newCounter}::int)),
          updated_at = now()
      where id = ${factor.id}`
  } catch (error) {
    throw ERRORS.unexpectedFailure('Failed to validate WebAuthn MFA response', error)
  }
}
