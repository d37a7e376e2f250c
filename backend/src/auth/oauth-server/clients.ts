// OAuth 2.1 server clients as GoTrue's oauthserver package keeps them: registration rules
// (service.go: redirect URIs https or http on localhost, grant types, client type vs token
// endpoint auth method), secrets shown once (32 random bytes, base64url; SHA-256 stored), soft
// delete, and the client JSON (handlers.go's OAuthServerClientResponse).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { goTime } from '../users/user-json.ts'

export interface ClientRow {
  id: string
  client_secret_hash: string | null
  registration_type: 'dynamic' | 'manual'
  redirect_uris: string
  grant_types: string
  client_name: string | null
  client_uri: string | null
  logo_uri: string | null
  created_at: string
  updated_at: string
  deleted_at: string | null
  client_type: 'public' | 'confidential'
}

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post']

export interface RegisterParams {
  redirect_uris?: string[] | null
  client_type?: string
  token_endpoint_auth_method?: string
  grant_types?: string[] | null
  client_name?: string
  client_uri?: string
  logo_uri?: string
}

export interface UpdateParams {
  redirect_uris?: string[] | null
  grant_types?: string[] | null
  client_name?: string | null
  client_uri?: string | null
  logo_uri?: string | null
}

const fail = (message: string) => ERRORS.validationFailed(message)

/** GoTrue's validateRedirectURI: the reason a URI is refused, or null. */
function redirectUriProblem(uri: string): string | null {
  if (uri === '') return 'redirect URI cannot be empty'
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return /^[a-z][a-z0-9+.-]*:/i.test(uri) ? 'must have scheme and host' : 'must have scheme'
  }
  const scheme = url.protocol.slice(0, -1)
  if (url.host === '') return 'must have scheme and host'
  if (url.hash !== '') return 'fragment not allowed in redirect URI'
  if (scheme === 'cursor') {
    return url.hostname === 'anysphere.cursor-mcp'
      ? null
      : 'scheme must be HTTPS or HTTP (localhost only)'
  }
  if (scheme === 'http') {
    return url.hostname === 'localhost' || url.hostname === '127.0.0.1'
      ? null
      : 'HTTP scheme only allowed for localhost'
  }
  return scheme === 'https' ? null : 'scheme must be HTTPS or HTTP (localhost only)'
}

function validateRedirectUris(uris: string[] | null | undefined, required: boolean): void {
  const list = uris ?? []
  if (required && list.length === 0) throw fail('redirect_uris is required')
  if (list.length === 0) throw fail('redirect_uris cannot be empty')
  if (list.length > 10) throw fail('redirect_uris cannot exceed 10 items')
  for (const uri of list) {
    const problem = redirectUriProblem(uri)
    if (problem) throw fail(`invalid redirect_uri '${uri}': ${problem}`)
  }
}

function validateGrantTypes(types: string[]): void {
  if (types.length === 0) throw fail('grant_types cannot be empty')
  if (types.some((t) => t !== 'authorization_code' && t !== 'refresh_token')) {
    throw fail("grant_types must only contain 'authorization_code' and/or 'refresh_token'")
  }
}

function validateUri(name: 'client_uri' | 'logo_uri', value: string): void {
  if (value === '') return
  if (value.length > 2048) throw fail(`${name} cannot exceed 2048 characters`)
  // Go's url.ParseRequestURI: an absolute URI or an absolute path.
  if (!value.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    throw fail(`${name} must be a valid URL`)
  }
}

function validateCommon(p: UpdateParams): void {
  if ((p.client_name ?? '').length > 1024) throw fail('client_name cannot exceed 1024 characters')
  validateUri('client_uri', p.client_uri ?? '')
  validateUri('logo_uri', p.logo_uri ?? '')
}

/** OAuthServerClientRegisterParams.validate, then DetermineClientType. */
export function checkRegistration(p: RegisterParams): 'public' | 'confidential' {
  validateRedirectUris(p.redirect_uris, true)
  if (p.grant_types && p.grant_types.length > 0) validateGrantTypes(p.grant_types)
  validateCommon(p)
  const type = p.client_type ?? ''
  if (type !== '' && type !== 'public' && type !== 'confidential') {
    throw fail("client_type must be 'public' or 'confidential'")
  }
  const method = p.token_endpoint_auth_method ?? ''
  if (method !== '' && !AUTH_METHODS.includes(method)) {
    throw fail(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`)
  }
  const inferred = method === 'none' ? 'public' : 'confidential'
  if (type !== '' && method !== '' && type !== inferred) {
    throw fail(
      `client_type '${type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${inferred}')`
    )
  }
  if (type !== '') return type
  return method !== '' ? inferred : 'confidential'
}

export function checkUpdate(p: UpdateParams): void {
  if (p.redirect_uris !== undefined) validateRedirectUris(p.redirect_uris, false)
  if (p.grant_types !== undefined) validateGrantTypes(p.grant_types ?? [])
  validateCommon(p)
}

export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url')
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') }
}

export function clientJson(client: ClientRow, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { client_id: client.id }
  if (secret) out.client_secret = secret
  out.client_type = client.client_type
  const uris = client.redirect_uris.split(',').filter((u) => u !== '')
  if (uris.length > 0) out.redirect_uris = uris
  out.token_endpoint_auth_method = client.client_type === 'public' ? 'none' : 'client_secret_basic'
  const grants = client.grant_types.split(',').filter((g) => g !== '')
  if (grants.length > 0) out.grant_types = grants
  out.response_types = ['code']
  if (client.client_name) out.client_name = client.client_name
  if (client.client_uri) out.client_uri = client.client_uri
  if (client.logo_uri) out.logo_uri = client.logo_uri
  out.registration_type = client.registration_type
  out.created_at = goTime(client.created_at)
  out.updated_at = goTime(client.updated_at)
  return out
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' ? null : value

export async function insertClient(
  tx: Tx,
  p: RegisterParams,
  type: 'public' | 'confidential',
  registration: 'dynamic' | 'manual',
  secretHash: string | null
): Promise<ClientRow> {
  const grants =
    p.grant_types && p.grant_types.length > 0
      ? p.grant_types
      : ['authorization_code', 'refresh_token']
  const [row] = await tx<{ c: ClientRow }[]>`
    insert into auth.oauth_clients as c (id, client_secret_hash, registration_type, redirect_uris,
      grant_types, client_name, client_uri, logo_uri, client_type)
    values (${randomUUID()}, ${secretHash}, ${registration}, ${(p.redirect_uris ?? []).join(',')},
      ${grants.join(',')}, ${blankToNull(p.client_name)}, ${blankToNull(p.client_uri)},
      ${blankToNull(p.logo_uri)}, ${type})
    returning to_json(c) as c`
  return row!.c
}

export async function findClient(tx: Tx, id: string): Promise<ClientRow | null> {
  const rows = await tx<{ c: ClientRow }[]>`
    select to_json(c) as c from auth.oauth_clients c where c.id = ${id} and c.deleted_at is null`
  return rows[0]?.c ?? null
}

export async function listClients(tx: Tx): Promise<ClientRow[]> {
  const rows = await tx<{ c: ClientRow }[]>`
    select to_json(c) as c from auth.oauth_clients c where c.deleted_at is null
    order by c.created_at desc, c.id`
  return rows.map((r) => r.c)
}

export async function updateClient(tx: Tx, id: string, p: UpdateParams): Promise<ClientRow> {
  const current = (await findClient(tx, id)) as ClientRow
  const next = {
    redirect_uris:
      p.redirect_uris !== undefined ? (p.redirect_uris ?? []).join(',') : current.redirect_uris,
    grant_types:
      p.grant_types !== undefined ? (p.grant_types ?? []).join(',') : current.grant_types,
    client_name: p.client_name !== undefined ? blankToNull(p.client_name) : current.client_name,
    client_uri: p.client_uri !== undefined ? blankToNull(p.client_uri) : current.client_uri,
    logo_uri: p.logo_uri !== undefined ? blankToNull(p.logo_uri) : current.logo_uri,
  }
  const [row] = await tx<{ c: ClientRow }[]>`
    update auth.oauth_clients as c set redirect_uris = ${next.redirect_uris},
      grant_types = ${next.grant_types}, client_name = ${next.client_name},
      client_uri = ${next.client_uri}, logo_uri = ${next.logo_uri}, updated_at = now()
    where c.id = ${id} returning to_json(c) as c`
  return row!.c
}

export async function setSecretHash(tx: Tx, id: string, hash: string): Promise<ClientRow> {
  const [row] = await tx<{ c: ClientRow }[]>`
    update auth.oauth_clients as c set client_secret_hash = ${hash}, updated_at = now()
    where c.id = ${id} returning to_json(c) as c`
  return row!.c
}

export async function softDeleteClient(tx: Tx, id: string): Promise<void> {
  await tx`update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = ${id}`
}

/** The client block of the consent page's details and of the user's grants. */
export function clientDetails(client: ClientRow) {
  return {
    id: client.id,
    name: client.client_name ?? '',
    uri: client.client_uri ?? '',
    logo_uri: client.logo_uri ?? '',
  }
}
