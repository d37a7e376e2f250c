// The admin API for OAuth 2.1 server clients (GoTrue's /admin/oauth/clients, handlers.go): register
// (201, the secret shown once), list (every live client, newest first, unpaginated as GoTrue),
// get, update, soft delete (204) and regenerate the secret; and dynamic registration (POST
// /oauth/clients/register) when allow_dynamic_registration is on. Behind [auth.oauth_server] enabled,
// which answers 404 feature_disabled when off. Bodies are decoded as Go's json.Decoder does: any
// decoding failure is 400 bad_json "Invalid JSON body".
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import { AuthError, ERRORS } from '../errors.ts'
import {
  checkRegistration,
  checkUpdate,
  clientJson,
  findClient,
  insertClient,
  listClients,
  newSecret,
  setSecretHash,
  softDeleteClient,
  updateClient,
} from '../oauth-server/clients.ts'
import type { ClientRow, RegisterParams, UpdateParams } from '../oauth-server/clients.ts'
import { isUuid, rawBody, requireAdmin } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'

type Kind = 'string' | 'strings'

const REGISTER_FIELDS: Record<string, Kind> = {
  redirect_uris: 'strings',
  client_type: 'string',
  token_endpoint_auth_method: 'string',
  grant_types: 'strings',
  client_name: 'string',
  client_uri: 'string',
  logo_uri: 'string',
}

const UPDATE_FIELDS: Record<string, Kind> = {
  redirect_uris: 'strings',
  grant_types: 'strings',
  client_name: 'string',
  client_uri: 'string',
  logo_uri: 'string',
}

const invalidJson = () => ERRORS.badJson('Invalid JSON body')

/** json.NewDecoder(body).Decode(&params): null leaves a field unset; a wrong type fails. */
function decodeBody(raw: string, fields: Record<string, Kind>): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw invalidJson()
  }
  if (value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidJson()
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const name = Object.keys(fields).find((f) => f.toLowerCase() === key.toLowerCase())
    if (!name || item === null) continue
    const ok =
      fields[name] === 'string'
        ? typeof item === 'string'
        : Array.isArray(item) && item.every((s) => typeof s === 'string')
    if (!ok) throw invalidJson()
    out[name] = item
  }
  return out
}

export function registerAdminOAuthClients(app: FastifyInstance, rt: AuthRuntime): void {
  const guard = async (request: FastifyRequest) => {
    await requireAdmin(rt, request)
    if (!rt.ctx.config.auth.oauthServer.enabled) {
      throw ERRORS.featureDisabled('OAuth server is disabled')
    }
  }
  const load = async (id: string): Promise<ClientRow> => {
    if (!isUuid(id)) throw ERRORS.validationFailed('invalid client_id format')
    const client = await authTx(rt.ctx.db, (tx) => findClient(tx, id))
    if (!client) throw ERRORS.oauthClientNotFound('OAuth client not found')
    return client
  }

  const register = async (
    request: FastifyRequest,
    reply: FastifyReply,
    registration: 'manual' | 'dynamic'
  ) => {
    const params = decodeBody(rawBody(request), REGISTER_FIELDS) as RegisterParams
    let type: 'public' | 'confidential'
    try {
      type = checkRegistration(params)
    } catch (error) {
      // GoTrue wraps the validation error's text ("400: …") in a new 400.
      if (error instanceof AuthError) {
        throw ERRORS.validationFailed(`${error.status}: ${error.message}`)
      }
      throw error
    }
    const secret = type === 'confidential' ? newSecret() : null
    const client = await authTx(rt.ctx.db, (tx) =>
      insertClient(tx, params, type, registration, secret?.hash ?? null)
    )
    return reply.code(201).send(clientJson(client, secret?.secret))
  }

  app.post('/admin/oauth/clients', async (request, reply) => {
    await guard(request)
    return register(request, reply, 'manual')
  })

  // Dynamic client registration (RFC 7591), when [auth.oauth_server] allows it.
  app.post('/oauth/clients/register', async (request, reply) => {
    const settings = rt.ctx.config.auth.oauthServer
    if (!settings.enabled) throw ERRORS.featureDisabled('OAuth server is disabled')
    if (!settings.allowDynamicRegistration) {
      throw ERRORS.oauthDynamicClientRegistrationDisabled(
        'Dynamic client registration is not enabled'
      )
    }
    return register(request, reply, 'dynamic')
  })

  app.get('/admin/oauth/clients', async (request, reply) => {
    await guard(request)
    const clients = await authTx(rt.ctx.db, (tx) => listClients(tx))
    // Go's omitempty drops an empty list.
    return reply.send(clients.length > 0 ? { clients: clients.map((c) => clientJson(c)) } : {})
  })

  app.get<{ Params: { id: string } }>('/admin/oauth/clients/:id', async (request, reply) => {
    await guard(request)
    return reply.send(clientJson(await load(request.params.id)))
  })

  app.put<{ Params: { id: string } }>('/admin/oauth/clients/:id', async (request, reply) => {
    await guard(request)
    const client = await load(request.params.id)
    const params = decodeBody(rawBody(request), UPDATE_FIELDS) as UpdateParams
    if (Object.keys(params).length === 0) {
      throw ERRORS.validationFailed('No fields provided for update')
    }
    checkUpdate(params)
    const updated = await authTx(rt.ctx.db, (tx) => updateClient(tx, client.id, params))
    return reply.send(clientJson(updated))
  })

  app.delete<{ Params: { id: string } }>('/admin/oauth/clients/:id', async (request, reply) => {
    await guard(request)
    const client = await load(request.params.id)
    await authTx(rt.ctx.db, (tx) => softDeleteClient(tx, client.id))
    return reply.code(204).send()
  })

  app.post<{ Params: { id: string } }>(
    '/admin/oauth/clients/:id/regenerate_secret',
    async (request, reply) => {
      await guard(request)
      const client = await load(request.params.id)
      if (client.client_type !== 'confidential') {
        throw ERRORS.validationFailed('Cannot regenerate secret for public client')
      }
      const secret = newSecret()
      const updated = await authTx(rt.ctx.db, (tx) => setSecretHash(tx, client.id, secret.hash))
      return reply.send(clientJson(updated, secret.secret))
    }
  )
}
