// What a client presents at /oauth/token: its credentials from Basic auth, else from the body
// (client_secret_basic, client_secret_post or none), and the body itself (form or JSON), as
// GoTrue's oauthserver reads them.
import type { FastifyRequest } from 'fastify'
import { ERRORS, OAuthError } from '../errors.ts'
import { rawBody } from '../http/request.ts'

export interface ClientCredentials {
  id: string
  secret: string
}

/** Client credentials from Basic auth, else the body (form or JSON), as GoTrue reads them. */
export function credentialsOf(
  request: FastifyRequest,
  body: Record<string, string>
): ClientCredentials {
  const header = request.headers.authorization
  if (typeof header === 'string' && header.startsWith('Basic ')) {
    const encoded = header.slice('Basic '.length)
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
      throw ERRORS.invalidCredentials('Invalid client credentials: invalid basic auth encoding')
    }
    const decoded = Buffer.from(encoded, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) {
      throw ERRORS.invalidCredentials('Invalid client credentials: invalid basic auth format')
    }
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
  }
  const id = body.client_id ?? ''
  const secret = body.client_secret ?? ''
  if (id === '' && secret !== '') {
    throw ERRORS.invalidCredentials('Invalid client credentials: client_id is required')
  }
  return { id, secret }
}

export function tokenParams(request: FastifyRequest): Record<string, string> {
  const raw = rawBody(request)
  const type = request.headers['content-type'] ?? ''
  const out: Record<string, string> = {}
  if (type.includes('application/json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw new OAuthError('invalid_request', 'Invalid JSON body')
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === 'string') out[key] = value
      }
    }
    return out
  }
  for (const [key, value] of new URLSearchParams(raw)) out[key] ??= value
  return out
}
