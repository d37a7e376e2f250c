// Shared by the supabase-js integration suites (supabase-js.test.ts, supabase-js-keys.test.ts):
// users signed up as the upstream suite signs them up.
import { expect } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import { CLI, uniqueEmail } from './support.ts'

export const password = 'password123'

/** A new user signed up through a client of `key` (autoconfirm: signed in at once). */
export async function signedUpWith(stack: TestStack, key: string = CLI.anonKey) {
  const client = stack.client(key)
  const email = uniqueEmail('integration')
  const { data, error } = await client.auth.signUp({ email, password })
  expect(error).toBeNull()
  return { client, email, user: data.user! }
}
