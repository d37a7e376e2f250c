// Features the local stack leaves off, answered as GoTrue answers them with the Supabase CLI's
// defaults: no external OAuth providers, manual identity linking off, MFA enrolment off, SAML off.
// An app that calls them gets GoTrue's error, not a 404 page.
import type { FastifyInstance } from 'fastify'
import { badRequest, notFound, unprocessable } from '../errors.ts'
import type { ErrorCode } from '../errors.ts'
import { readParams } from '../params.ts'
import { queryParam, rawBody, requireAdmin, requireUser } from '../request.ts'
import type { AuthRuntime } from '../runtime.ts'

const KNOWN_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'x',
  'zoom',
])

function unsupportedProvider(provider: string) {
  const reason = KNOWN_PROVIDERS.has(provider.toLowerCase())
    ? 'provider is not enabled'
    : `Provider ${provider} could not be found`
  return badRequest('validation_failed', `Unsupported provider: ${reason}`)
}

const MFA_KINDS: Record<string, string> = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' }

export function registerDisabledFeatures(app: FastifyInstance, rt: AuthRuntime): void {
  app.get('/authorize', async (request) => {
    throw unsupportedProvider(queryParam(request, 'provider'))
  })

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/callback',
      handler: async () => {
        throw badRequest('bad_oauth_callback', 'OAuth state parameter missing')
      },
    })
  }

  app.get('/user/identities/authorize', async (request) => {
    await requireUser(rt, request)
    throw notFound('manual_linking_disabled', 'Manual linking is disabled')
  })

  app.delete('/user/identities/:id', async (request) => {
    await requireUser(rt, request)
    throw notFound('manual_linking_disabled', 'Manual linking is disabled')
  })

  app.post('/factors', async (request) => {
    await requireUser(rt, request)
    const params = readParams(rawBody(request), {
      struct: 'EnrollFactorParams',
      fields: { factor_type: 'string', friendly_name: 'string', issuer: 'string', phone: 'string' },
    } as const)
    const kind = MFA_KINDS[params.factor_type]
    if (!kind) {
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone or webauthn')
    }
    throw unprocessable(
      `mfa_${params.factor_type}_enroll_not_enabled` as ErrorCode,
      `MFA enroll is disabled for ${kind}`
    )
  })

  const factorNotFound = async (request: Parameters<typeof requireUser>[1]) => {
    await requireUser(rt, request)
    throw notFound('mfa_factor_not_found', 'Factor not found')
  }
  app.post('/factors/:id/challenge', factorNotFound)
  app.post('/factors/:id/verify', factorNotFound)
  app.delete('/factors/:id', factorNotFound)

  app.get('/admin/users/:id/factors', async (request, reply) => {
    await requireAdmin(rt, request)
    return reply.send([])
  })

  app.delete('/admin/users/:id/factors/:factor', async (request) => {
    await requireAdmin(rt, request)
    throw notFound('mfa_factor_not_found', 'Factor not found')
  })

  app.post('/sso', async () => {
    throw badRequest('saml_provider_disabled', 'SAML 2.0 is disabled')
  })
}
