// The discovery document (GET /.well-known/oauth-authorization-server and
// /.well-known/openid-configuration): GoTrue's WellKnownOpenID, one document for OIDC discovery
// and RFC 8414 metadata.
import type { FastifyReply } from 'fastify'
import type { AuthRuntime } from '../runtime.ts'
import { authUrl } from '../runtime.ts'
import { idTokenAlgorithms } from './id-token.ts'

/** GoTrue's WellKnownOpenID: one document for OIDC discovery and RFC 8414 metadata. */
export function sendDiscovery(rt: AuthRuntime, reply: FastifyReply) {
  const issuer = authUrl(rt)
  const oauth = rt.ctx.config.auth.oauthServer
  return reply.header('cache-control', 'public, max-age=600').send({
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    userinfo_endpoint: `${issuer}/oauth/userinfo`,
    ...(oauth.enabled && oauth.allowDynamicRegistration
      ? { registration_endpoint: `${issuer}/oauth/clients/register` }
      : {}),
    scopes_supported: ['openid', 'email', 'profile', 'phone'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    // Only what an ID token can be signed with here: the project's asymmetric keys (none on the
    // HS256 secret alone, where a request with `openid` fails as GoTrue's does).
    id_token_signing_alg_values_supported: idTokenAlgorithms(rt),
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    claims_supported: [
      'sub',
      'aud',
      'iss',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'email',
      'email_verified',
      'phone_number',
      'phone_number_verified',
      'name',
      'picture',
      'preferred_username',
      'updated_at',
    ],
    code_challenge_methods_supported: ['S256', 'plain'],
  })
}
