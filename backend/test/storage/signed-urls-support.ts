// Shared by the signed URL tests: the files their users start with, and tokens minted as Storage
// mints them, with chosen claims.
import { SignJWT } from 'jose'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'

/** Alice's report and notes and Bob's private file, in the files bucket. */
export async function uploadSignedFiles(alice: TestUser, bob: TestUser): Promise<void> {
  await alice.client.storage.from('files').upload(`${alice.id}/report.txt`, 'quarterly numbers')
  await alice.client.storage.from('files').upload(`${alice.id}/notes.txt`, 'notes')
  await bob.client.storage.from('files').upload(`${bob.id}/private.txt`, "bob's")
}

/** A token as Storage mints them, with chosen claims (to make expired or foreign ones). */
export async function mintToken(
  stack: TestStack,
  claims: Record<string, unknown>,
  secret = stack.keys.jwtSecret
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

export const now = () => Math.floor(Date.now() / 1000)
