// Features the local stack leaves off, answered as GoTrue answers them with the Supabase CLI's
// defaults: no external OAuth providers, manual identity linking off, SAML off (MFA: factors.ts).
// An app that calls them gets GoTrue's error, not a 404 page.
import type { FastifyInstance } from 'fastify'
import { ERRORS } from '../errors.ts'
import { queryParam, requireUser } from '../http/request.ts'
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
  return ERRORS.validationFailed(`Unsupported provider: ${reason}`)
}

export function registerDisabledFeatures(app: FastifyInstance, rt: AuthRuntime): void {
  app.get('/authorize', async (request) => {
    throw unsupportedProvider(queryParam(request, 'provider'))
  })

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/callback',
      handler: async () => {
        throw ERRORS.badOauthCallback('OAuth state parameter missing')
      },
    })
  }

  app.get('/user/identities/authorize', async (request) => {
    await requireUser(rt, request)
    throw ERRORS.manualLinkingDisabled('Manual linking is disabled')
  })

  app.delete('/user/identities/:id', async (request) => {
    await requireUser(rt, request)
    throw ERRORS.manualLinkingDisabled('Manual linking is disabled')
  })

  app.post('/sso', async () => {
    throw ERRORS.samlProviderDisabled('SAML 2.0 is disabled')
  })
}
