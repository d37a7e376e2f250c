// A stack for the tests of one file or describe block: started in beforeAll, with what the tests
// make from it (clients, people, files), and stopped in afterAll. The tests read it all from the
// object returned, as `t.stack`, `t.alice`.
import { afterAll, beforeAll } from 'vitest'

/** What a test starts and stops: a TestStack, serve's ServeTest. */
interface Stoppable {
  stop(): Promise<unknown>
}

/**
 * Registers the enclosing file's (or describe block's) beforeAll and afterAll: `start` runs before
 * its tests, then `prepare` with what it started (the fields it returns join `stack`); afterAll
 * stops the stack, also when `prepare` failed. Read the fields inside tests and hooks.
 */
export function useTestStack<S extends Stoppable, T extends object = object>(
  start: () => Promise<S>,
  prepare?: (stack: S) => Promise<T> | T
): { readonly stack: S } & Readonly<T> {
  const t = {} as { stack: S | undefined } & T
  beforeAll(async () => {
    t.stack = await start()
    if (prepare) Object.assign(t, await prepare(t.stack))
  })
  afterAll(async () => {
    await t.stack?.stop()
  })
  return t as { stack: S } & T
}
