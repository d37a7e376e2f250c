// A new user row and its identity, as every way of creating an account writes them (sign-up, the
// admin API, invites and generated links).
import type { Tx } from '../db.ts'
import { ERRORS, isDatabaseError } from '../errors.ts'
import { insertIdentity, insertUser } from './user-store.ts'

/** Inserts a new user and its identity; a failing trigger is GoTrue's "Database error saving new user". */
export async function createUserRow(
  tx: Tx,
  fields: Parameters<typeof insertUser>[1],
  identity: { provider: string; data: Record<string, unknown> } | null
): Promise<string> {
  try {
    const id = await insertUser(tx, fields)
    if (identity) {
      await insertIdentity(tx, id, identity.provider, id, { ...identity.data, sub: id }, fields.now)
    }
    return id
  } catch (error) {
    if (isDatabaseError(error))
      throw ERRORS.unexpectedFailure('Database error saving new user', error)
    throw error
  }
}

/** The identity claims GoTrue stores for an email user (provider.Claims as a map). */
export function emailClaims(email: string, verified = false): Record<string, unknown> {
  return { email, email_verified: verified, phone_verified: false }
}
