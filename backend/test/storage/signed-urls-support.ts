// Shared by the signed URL tests: their stack with Alice, Bob and the files they start with, and
// tokens minted as Storage mints them, with chosen claims.
import { SignJWT } from 'jose'
import type { TestStack } from '../support/stack.ts'
import { useStorageStack } from './support.ts'
import type { TestUser } from './support.ts'

/** Alice's report and notes and Bob's private file, in the files bucket. */
async function uploadSignedFiles(alice: TestUser, bob: TestUser): Promise<void> {
  await alice.client.storage.from('files').upload(`${alice.id}/report.txt`, 'quarterly numbers')
  await alice.client.storage.from('files').upload(`${alice.id}/notes.txt`, 'notes')
  await bob.client.storage.from('files').upload(`${bob.id}/private.txt`, "bob's")
}

/** The storage stack for a file's signed URL tests: `t.alice` and `t.bob` with the files above. */
export function useSignedUrlStack() {
  return useStorageStack(['alice', 'bob'], (_stack, { alice, bob }) =>
    uploadSignedFiles(alice, bob)
  )
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
