// The set-up of log-secrets.test.ts: Chorus's project under `serve` (support/chorus-serve.ts) with
// the logger `serve` makes at LOG_LEVEL=debug (lines to stdout), and everything the process writes
// to stdout and stderr and the functions' console captured.
import { formatWithOptions } from 'node:util'
import type { Sql } from 'postgres'
import { afterAll, beforeAll } from 'vitest'
import { serveOptions } from '../../../backend/src/cli/serve.ts'
import { createLogger } from '../../../backend/src/logger.ts'
import { startStack } from '../../../backend/src/stack.ts'
import type { Stack } from '../../../backend/src/stack.ts'
import { prepareChorusServe, serveWorld } from './chorus-serve.ts'
import type { ChorusServe } from './chorus-serve.ts'
import type { World } from './world.ts'

export interface DebugServe {
  stack: Stack
  sql: Sql
  world: World
  /** Everything written to stdout and stderr and the console since the stack started. */
  captured: string
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useDebugServe(): DebugServe {
  const t = { captured: '' } as DebugServe
  const writes = { out: process.stdout.write, err: process.stderr.write }
  function capture(): void {
    const tee =
      (original: typeof process.stdout.write) =>
      (chunk: unknown, ...rest: unknown[]): boolean => {
        t.captured +=
          typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString()
        return (original as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest)
      }
    process.stdout.write = tee(writes.out) as typeof process.stdout.write
    process.stderr.write = tee(writes.err) as typeof process.stderr.write
    // The functions' console (the stack redacts it on top of this; vitest routes it elsewhere).
    for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[name].bind(console)
      console[name] = (...args: unknown[]) => {
        t.captured += `${formatWithOptions({ colors: false }, ...args)}\n`
        original(...args)
      }
    }
  }
  function release(): void {
    process.stdout.write = writes.out
    process.stderr.write = writes.err
  }

  let level: string | undefined
  let served: ChorusServe

  beforeAll(async () => {
    level = process.env.LOG_LEVEL
    process.env.LOG_LEVEL = 'debug'
    served = await prepareChorusServe('log-secrets')
    capture()
    // The logger `serve` makes (cli/serve.ts), at debug level.
    t.stack = await startStack(
      await serveOptions(served.args, createLogger('debug', '', { lines: true }))
    )
    Object.assign(t, await serveWorld(served.databaseUrl, t.stack))
  }, 180_000)

  afterAll(async () => {
    release()
    if (level === undefined) delete process.env.LOG_LEVEL
    else process.env.LOG_LEVEL = level
    await t.sql?.end({ timeout: 2 })
    await t.stack?.stop()
    await served?.cleanup()
  })
  return t
}
