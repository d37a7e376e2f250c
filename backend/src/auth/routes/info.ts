// GET /health, GET /settings and GET /.well-known/jwks.json, as GoTrue answers them.
import type { FastifyInstance } from 'fastify'
import type { AuthRuntime } from '../runtime.ts'
import { authUrl } from '../runtime.ts'

/** The GoTrue release whose behaviour this service follows. */
export const GOTRUE_VERSION = 'v2.177.0'

const EXTERNAL_PROVIDERS = [
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
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
]

export function registerInfo(app: FastifyInstance, rt: AuthRuntime): void {
  app.get('/health', async (_request, reply) =>
    reply.send({
      version: GOTRUE_VERSION,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    })
  )

  app.get('/settings', async (_request, reply) => {
    const external: Record<string, boolean> = { anonymous_users: rt.settings.anonymousEnabled }
    for (const provider of EXTERNAL_PROVIDERS) external[provider] = false
    external.email = rt.settings.emailEnabled
    external.phone = false
    external.web3_solana = false
    external.web3_ethereum = false
    return reply.send({
      external,
      disable_signup: rt.settings.disableSignup,
      mailer_autoconfirm: rt.settings.mailerAutoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: false,
    })
  })

  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=600').send(rt.ctx.keys.jwks())
  )

  app.get('/.well-known/openid-configuration', async (_request, reply) => {
    const issuer = authUrl(rt)
    return reply.header('cache-control', 'public, max-age=600').send({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/user`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'ES256', 'HS256'],
    })
  })
}
