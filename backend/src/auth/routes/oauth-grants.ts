// The signed-in user's OAuth grants (GoTrue's UserListOAuthGrants / UserRevokeOAuthGrant, in the
// shape current auth-js reads): the clients they consented to, and revoking one
// (?client_id=), which also ends that client's sessions of theirs.
import type { FastifyInstance } from 'fastify'
import { authTx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { parseScopes } from '../oauth-server/authorizations.ts'
import { isUuid, queryParam, requireUser } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { goTime } from '../users/user-json.ts'

interface GrantRow {
  client_id: string
  client_name: string | null
  client_uri: string | null
  logo_uri: string | null
  scopes: string
  granted_at: string
}

export function registerOAuthGrants(app: FastifyInstance, rt: AuthRuntime): void {
  const guard = () => {
    if (!rt.ctx.config.auth.oauthServer.enabled) {
      throw ERRORS.featureDisabled('OAuth server is disabled')
    }
  }

  app.get('/user/oauth/grants', async (request, reply) => {
    const { user } = await requireUser(rt, request)
    guard()
    const rows = await authTx(
      rt.ctx.db,
      (tx) =>
        tx<GrantRow[]>`
        select c.id as client_id, c.client_name, c.client_uri, c.logo_uri, g.scopes,
          to_json(g.granted_at) #>> '{}' as granted_at
        from auth.oauth_consents g join auth.oauth_clients c on c.id = g.client_id
        where g.user_id = ${user.id} and g.revoked_at is null and c.deleted_at is null
        order by g.granted_at desc`
    )
    const grants = rows.map((row) => ({
      client: {
        id: row.client_id,
        name: row.client_name ?? '',
        uri: row.client_uri ?? '',
        logo_uri: row.logo_uri ?? '',
      },
      scopes: parseScopes(row.scopes),
      granted_at: goTime(row.granted_at),
    }))
    return reply.send(grants)
  })

  app.delete('/user/oauth/grants', async (request, reply) => {
    const { user } = await requireUser(rt, request)
    guard()
    const clientId = queryParam(request, 'client_id')
    if (clientId === '') throw ERRORS.validationFailed('client_id query parameter is required')
    if (!isUuid(clientId)) throw ERRORS.validationFailed('invalid client_id format')
    const revoked = await authTx(rt.ctx.db, async (tx) => {
      const rows = await tx`
        update auth.oauth_consents set revoked_at = now()
        where user_id = ${user.id} and client_id = ${clientId} and revoked_at is null
        returning id`
      if (rows.length === 0) return false
      await tx`delete from auth.sessions where user_id = ${user.id} and oauth_client_id = ${clientId}`
      return true
    })
    if (!revoked) {
      throw ERRORS.oauthConsentNotFound('No active grant found for this client')
    }
    return reply.code(204).send()
  })
}
