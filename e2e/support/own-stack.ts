// A stack of a spec's own, for the specs that need settings the shared one has not (a short
// jwt_expiry) or a stack other than the arrangement's: started before the file's tests (call it
// before the file's own beforeAll, which then sees its URLs and keys), handed to the support
// helpers through the same environment global-setup.ts sets, and put back after them.
import { test } from './test.ts'
import { startStack } from './stack-process.ts'
import type { RunningStack } from './stack-process.ts'

const ENV = [
  'CHORUS_APP_URL',
  'CHORUS_API_URL',
  'CHORUS_INBOX_URL',
  'CHORUS_ANON_KEY',
  'CHORUS_SERVICE_ROLE_KEY',
  'CHORUS_DB_URL',
] as const

export interface OwnStack {
  /** Starts the stack and points the environment at it. */
  start(): Promise<void>
  /** Puts the environment back and stops the stack. */
  stop(): Promise<void>
}

/** A stack of a spec's own, started and stopped from the spec's own hooks (first and last). */
export function ownStack(start: () => Promise<RunningStack>): OwnStack {
  let stack: RunningStack | null = null
  let saved: Partial<Record<(typeof ENV)[number], string>> = {}
  return {
    async start() {
      stack = await start()
      saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]))
      process.env.CHORUS_APP_URL = stack.appUrl
      process.env.CHORUS_API_URL = stack.apiUrl
      process.env.CHORUS_INBOX_URL = stack.inboxUrl
      process.env.CHORUS_ANON_KEY = stack.anonKey
      process.env.CHORUS_SERVICE_ROLE_KEY = stack.serviceRoleKey
      process.env.CHORUS_DB_URL = stack.dbUrl
    },
    async stop() {
      if (!stack) return
      for (const name of ENV) {
        if (saved[name] === undefined) delete process.env[name]
        else process.env[name] = saved[name]
      }
      await stack?.stop()
      stack = null
    },
  }
}

/** ownStack's start and stop as the file's first hooks (for a spec whose after-hooks need no
 * stack: Playwright runs afterAll hooks in the order they were declared). */
export function useOwnStack(start: () => Promise<RunningStack>): void {
  const own = ownStack(start)
  test.beforeAll(async () => {
    test.setTimeout(180_000)
    await own.start()
  })
  test.afterAll(async () => {
    test.setTimeout(120_000)
    await own.stop()
  })
}

/**
 * For a spec whose Edge Functions must reach a server the spec runs on this machine (an outgoing
 * event's or a slash command's app): in the production arrangement, a stack of its own as
 * `npm start` runs it, because `serve`'s outbound guard (supabase/functions/_shared/safe-fetch.ts)
 * refuses every address that is not public, loopback included, and this machine has none that is
 * (its one interface, 192.0.2.2, is a documentation address, refused as well). The local stack
 * honours the test setting CHORUS_OUTBOUND_ALLOW_LOOPBACK=1 (support/stack-process.ts). In the
 * other arrangements the shared stack is that one already.
 */
export function loopbackReachingStack(): OwnStack {
  if ((process.env.E2E_ARRANGEMENT ?? 'production') === 'production') {
    return ownStack(() => startStack())
  }
  return { start: async () => {}, stop: async () => {} }
}
