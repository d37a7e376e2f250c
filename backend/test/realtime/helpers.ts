// Helpers for the realtime contract tests: users with their own JWTs and supabase-js clients,
// channels subscribed and awaited, and collectors that wait for events (never for time).
import { randomUUID } from 'node:crypto'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from '../support/stack.ts'

export interface TestUser {
  id: string
  token: string
  client: SupabaseClient
}

/** A signed-in user: a JWT of its own (Auth is not needed) and a client that sends it. */
export async function makeUser(
  stack: TestStack,
  options: {
    id?: string
    expiresIn?: number
    vsn?: string
    heartbeatIntervalMs?: number
    claims?: Record<string, unknown>
  } = {}
): Promise<TestUser> {
  const id = options.id ?? randomUUID()
  const token = await stack.keys.sign({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + (options.expiresIn ?? 3600),
    ...options.claims,
  })
  const realtime: Record<string, unknown> = {}
  if (options.vsn) realtime.vsn = options.vsn
  if (options.heartbeatIntervalMs) realtime.heartbeatIntervalMs = options.heartbeatIntervalMs
  const client = stack.client(stack.anonKey, { accessToken: async () => token, realtime })
  return { id, token, client }
}

/** Resolves once the channel is joined (and, with postgres_changes, once changes flow). */
export function subscribed(channel: RealtimeChannel, withChanges = false): Promise<void> {
  return new Promise((resolve, reject) => {
    let joined = false
    let live = !withChanges
    if (withChanges) {
      channel.on(
        'system',
        {},
        (payload: { extension: string; status: string; message: string }) => {
          if (payload.extension !== 'postgres_changes') return
          if (payload.status === 'ok') {
            live = true
            if (joined) resolve()
          } else reject(new Error(payload.message))
        }
      )
    }
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        joined = true
        if (live) resolve()
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        reject(error ?? new Error(status))
      }
    })
  })
}

/** Collects values and lets a test wait until some arrive. */
export class Collector<T> {
  readonly items: T[] = []
  private waiters: { test: (items: T[]) => boolean; resolve: () => void }[] = []

  readonly push = (item: T): void => {
    this.items.push(item)
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(this.items)) return true
      w.resolve()
      return false
    })
  }

  /** Resolves when `test` holds for the items collected (the test timeout bounds the wait). */
  until(test: (items: T[]) => boolean): Promise<T[]> {
    if (test(this.items)) return Promise.resolve(this.items)
    return new Promise((resolve) => {
      this.waiters.push({ test, resolve: () => resolve(this.items) })
    })
  }

  count(n: number): Promise<T[]> {
    return this.until((items) => items.length >= n)
  }
}

/** Resolves on the next event matching `test`. */
export function next<T>(
  subscribe: (fn: (value: T) => void) => void,
  test: (value: T) => boolean = () => true
): Promise<T> {
  return new Promise((resolve) => subscribe((value) => test(value) && resolve(value)))
}
