// The token endpoint's refresh_token grant for an OAuth client: the refresh-token rotation of
// sessions/refresh.ts, only for a session this client was granted (never a first-party session's
// refresh token, nor another client's), answered in the OAuth shape.
import type { FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import { OAuthError } from '../errors.ts'
import { clientInfo } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { refreshTokenGrant } from '../sessions/refresh.ts'
import type { ClientRow } from './clients.ts'
import { oauthAnswer } from './code-exchange.ts'

export async function refreshForClient(
  rt: AuthRuntime,
  request: FastifyRequest,
  client: ClientRow,
  params: Record<string, string>
) {
  const token = params.refresh_token ?? ''
  if (token === '') {
    throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant')
  }
  const [owner] = await authTx(
    rt.ctx.db,
    (tx) => tx<{ client: string | null }[]>`
      select s.oauth_client_id::text as client from auth.refresh_tokens r
      join auth.sessions s on s.id = r.session_id
      where r.token = ${token}`
  )
  if (owner !== undefined && owner.client !== client.id) {
    throw new OAuthError('invalid_grant', 'Invalid refresh token')
  }
  return oauthAnswer(await refreshTokenGrant(rt, token, clientInfo(request), client.id))
}
