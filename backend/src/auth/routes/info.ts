// GET /health, GET /settings, GET /.well-known/jwks.json and the OIDC discovery document (the
// OAuth server's, oauth-server/discovery.ts), as GoTrue answers them.
import type { FastifyInstance } from 'fastify'
import type { AuthRuntime } from '../runtime.ts'
import { sendDiscovery } from '../oauth-server/discovery.ts'

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

  app.get('/.well-known/openid-configuration', async (_request, reply) => sendDiscovery(rt, reply))
}
