// PKCE flow states (auth.flow_state): made when a client sends a code_challenge, turned into an
// auth code when the emailed link is followed, exchanged for a session with the code verifier.
import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import { ERRORS } from '../errors.ts'

export const MIN_CODE_CHALLENGE = 43
export const MAX_CODE_CHALLENGE = 128

export interface FlowStateRow {
  id: string
  user_id: string | null
  auth_code: string
  code_challenge_method: 's256' | 'plain'
  code_challenge: string
  provider_type: string
  provider_access_token: string | null
  provider_refresh_token: string | null
  authentication_method: string
  created_at: Date
  auth_code_issued_at: Date | null
}

/** GoTrue's validatePKCEParams: both or neither, and a challenge of sane length. */
export function validatePkceParams(method: string, challenge: string): void {
  if ((challenge === '') !== (method === '')) {
    throw ERRORS.validationFailed('PKCE flow requires code_challenge_method and code_challenge')
  }
  if (challenge !== '') {
    if (challenge.length < MIN_CODE_CHALLENGE || challenge.length > MAX_CODE_CHALLENGE) {
      throw ERRORS.validationFailed(
        `code challenge has to be between ${MIN_CODE_CHALLENGE} and ${MAX_CODE_CHALLENGE} characters`
      )
    }
    parseChallengeMethod(method)
  }
}

export function parseChallengeMethod(method: string): 's256' | 'plain' {
  const lower = method.toLowerCase()
  if (lower === 's256' || lower === 'plain') return lower
  throw ERRORS.validationFailed(`unsupported code_challenge method: ${method}`)
}

export async function createFlowState(
  tx: Tx,
  providerType: string,
  authenticationMethod: string,
  method: string,
  challenge: string,
  userId: string,
  now: Date
): Promise<void> {
  const at = now.toISOString()
  await tx`
    insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
      provider_type, created_at, updated_at, authentication_method)
    values (${randomUUID()}, ${userId}, ${randomUUID()}, ${parseChallengeMethod(method)},
      ${challenge}, ${providerType}, ${at}, ${at}, ${authenticationMethod})
  `
}

const COLUMNS = `id, user_id, auth_code, code_challenge_method::text as code_challenge_method,
  code_challenge, provider_type, provider_access_token, provider_refresh_token,
  authentication_method, created_at, auth_code_issued_at`

/** The latest flow state of a user for a method, stamped as issued; its auth code or null. */
export async function issueAuthCode(
  tx: Tx,
  userId: string,
  authenticationMethod: string,
  now: Date
): Promise<string | null> {
  const rows = (await tx.unsafe(
    `select ${COLUMNS} from auth.flow_state
     where user_id = $1 and authentication_method = $2
     order by created_at desc limit 1`,
    [userId, authenticationMethod]
  )) as unknown as FlowStateRow[]
  const flow = rows[0]
  if (!flow) return null
  const at = now.toISOString()
  await tx`update auth.flow_state set auth_code_issued_at = ${at}, updated_at = ${at} where id = ${flow.id}`
  return flow.auth_code
}

export async function findFlowStateByCode(tx: Tx, authCode: string): Promise<FlowStateRow | null> {
  const rows = (await tx.unsafe(`select ${COLUMNS} from auth.flow_state where auth_code = $1`, [
    authCode,
  ])) as unknown as FlowStateRow[]
  return rows[0] ?? null
}

/** GoTrue's FlowState.IsExpired: magic links count from the code's issue, the rest from creation. */
export function isFlowStateExpired(flow: FlowStateRow, expirySeconds: number, now: number) {
  const start =
    flow.auth_code_issued_at && flow.authentication_method === 'magiclink'
      ? flow.auth_code_issued_at
      : flow.created_at
  return now > new Date(start).getTime() + expirySeconds * 1000
}

export async function deleteFlowState(tx: Tx, id: string): Promise<void> {
  await tx`delete from auth.flow_state where id = ${id}`
}
