// auth.one_time_tokens, GoTrue's index of the hashed tokens it has emailed (one per user and kind),
// next to the token columns of auth.users that older tooling reads.
import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token'

/** Replaces the user's token of this kind. */
export async function createOneTimeToken(
  tx: Tx,
  userId: string,
  relatesTo: string,
  hash: string,
  type: OneTimeTokenType
): Promise<void> {
  await clearOneTimeToken(tx, userId, type)
  await tx`
    insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
    values (${randomUUID()}, ${userId}, ${type}, ${hash}, ${relatesTo.toLowerCase()})
  `
}

export async function clearOneTimeToken(
  tx: Tx,
  userId: string,
  type: OneTimeTokenType
): Promise<void> {
  await tx`delete from auth.one_time_tokens where user_id = ${userId} and token_type = ${type}`
}

export async function clearAllOneTimeTokens(tx: Tx, userId: string): Promise<void> {
  await tx`delete from auth.one_time_tokens where user_id = ${userId}`
}

/** The user id owning a token hash of one of the given kinds, or null. */
export async function findOneTimeTokenUser(
  tx: Tx,
  hash: string,
  types: OneTimeTokenType[]
): Promise<{ userId: string; type: OneTimeTokenType } | null> {
  const rows = await tx<{ user_id: string; token_type: OneTimeTokenType }[]>`
    select user_id, token_type::text as token_type from auth.one_time_tokens
    where token_hash = ${hash} and token_type::text = any(${types})
    limit 1
  `
  const row = rows[0]
  return row ? { userId: row.user_id, type: row.token_type } : null
}
