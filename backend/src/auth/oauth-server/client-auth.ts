// Client authentication at /oauth/token: a registered client (by id), its secret checked against
// the stored hash for a confidential client, none allowed for a public one.
import { createHash } from 'node:crypto'
import { authTx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { isUuid } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import type { ClientCredentials } from './client-credentials.ts'
import { findClient } from './clients.ts'
import type { ClientRow } from './clients.ts'

/** The client the credentials name, or null when none is named (the caller refuses that). */
export async function authenticateClient(
  rt: AuthRuntime,
  creds: ClientCredentials
): Promise<ClientRow | null> {
  if (creds.id === '') return null
  if (!isUuid(creds.id)) throw ERRORS.invalidCredentials('Invalid client_id format')
  const client = await authTx(rt.ctx.db, (tx) => findClient(tx, creds.id))
  if (!client) throw ERRORS.invalidCredentials('Invalid client credentials')
  const hash = createHash('sha256').update(creds.secret).digest('base64url')
  let problem: string | null = null
  if (client.client_type === 'public') {
    if (creds.secret !== '') problem = 'public clients must not provide client_secret'
  } else if (creds.secret === '') {
    problem = 'confidential clients must provide client_secret'
  } else if (hash !== client.client_secret_hash) {
    problem = 'invalid client credentials'
  }
  if (problem) throw ERRORS.invalidCredentials(`Invalid client credentials: ${problem}`)
  return client
}
