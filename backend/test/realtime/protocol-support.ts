// Shared by the Phoenix protocol tests: stacks with realtime limits set through the environment
// the service reads, and the time in JWT seconds.
import { startTestStack } from '../support/stack.ts'

export const now = () => Math.floor(Date.now() / 1000)

/** Realtime's error backoffs, short, for every protocol stack. */
export const BACKOFFS = { CHANNEL_ERROR_BACKOFF_MS: '10', CONNECT_ERROR_BACKOFF_MS: '10' }

/**
 * Starts a stack with realtime limits set through the environment the service reads. Stacks of one
 * file start one after the other: each reads the environment while it starts.
 */
export async function stackWith(env: Record<string, string>, migrations?: Record<string, string>) {
  Object.assign(process.env, env)
  try {
    return await startTestStack({ migrations })
  } finally {
    for (const name of Object.keys(env)) delete process.env[name]
  }
}

/**
 * The stack of protocol.test.ts: three channels per connection, payloads up to 1 KB, and a table
 * in the publication.
 */
export function startProtocolStack() {
  return stackWith(
    { ...BACKOFFS, TENANT_MAX_CHANNELS_PER_CLIENT: '3', TENANT_MAX_PAYLOAD_SIZE_IN_KB: '1' },
    {
      '20240101000000_t.sql':
        'create table public.items (id int primary key); alter publication supabase_realtime add table public.items;',
    }
  )
}
