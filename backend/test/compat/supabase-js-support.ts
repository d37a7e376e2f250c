// Shared by the supabase-js integration suites (supabase-js.test.ts, supabase-js-keys.test.ts):
// their stack on the upstream suite's project, and users signed up as that suite signs them up.
import { expect } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'
import { PROJECT } from './supabase-js-project.ts'
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

/** A stack on the suite's project for a file's tests, with `signedIn(key?)`: signedUpWith on it. */
export function useSupabaseJsStack() {
  return useTestStack(
    () => startTestStack(PROJECT),
    (stack) => ({ signedIn: (key?: string) => signedUpWith(stack, key) })
  )
}
