// What the simulated people of one process saw (merged by the load generator): deliveries,
// messages sent, calls made and failed, Realtime messages received, counted in the measured
// window; and a person's calls, each recorded.
import type { SupabaseClient } from '@supabase/supabase-js'
import { now } from './profile.ts'

export interface Window {
  /** Sends whose start falls in [from, to) are measured. */
  from: number
  to: number
}

/** What the people of one process saw; merged by the load generator. */
export class Recorder {
  /** Send start to live receipt (ms), one per delivery of a measured message to another viewer. */
  deliveries: number[] = []
  /** Measured messages sent, per channel. */
  sent = new Map<string, number>()
  calls = new Map<string, number>()
  failures = new Map<string, number>()
  /** Realtime messages received in the window (broadcasts, presence frames), all topics. */
  received = 0
  window: Window = { from: Infinity, to: -Infinity }
  /** The mix's actions (mix.ts) started in the window (the sign-in storm's always): durations
   * in ms of those that succeeded, and the count of those that failed, by action (the failed
   * calls themselves, with their reasons, are in `failures`, recorded by the calls). */
  actions = new Map<string, number[]>()
  actionErrors = new Map<string, number>()

  /** An action that started at `began` (now() clock) ended now: timed when in the window. */
  action(name: string, began: number, ok: boolean, always = false): void {
    if (!always && !this.measured(began)) return
    if (ok) {
      let times = this.actions.get(name)
      if (!times) this.actions.set(name, (times = []))
      times.push(now() - began)
    } else this.actionErrors.set(name, (this.actionErrors.get(name) ?? 0) + 1)
  }

  receivedOne(): void {
    if (this.measured(now())) this.received++
  }

  measured(t: number): boolean {
    return t >= this.window.from && t < this.window.to
  }

  /** A request or push made: counted when made in the window, failures always. */
  call(name: string, ok: boolean, detail = ''): void {
    if (this.measured(now())) this.calls.set(name, (this.calls.get(name) ?? 0) + 1)
    if (!ok) {
      const key = `${name} ${detail}`.trim()
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1)
    }
  }
}

/** An rpc as the app makes it, recorded (a failure with its status and code). */
export async function recordedRpc(
  client: SupabaseClient,
  recorder: Recorder,
  name: string,
  args: Record<string, unknown>
): Promise<unknown> {
  return (await rpcResult(client, recorder, name, args)).data
}

/** The same, saying whether it succeeded (null data is a success for a void function);
 * counted under `label` (the mix's calls apart from those the messages cause). */
export async function rpcResult(
  client: SupabaseClient,
  recorder: Recorder,
  name: string,
  args: Record<string, unknown>,
  label = name
): Promise<{ data: unknown; ok: boolean }> {
  try {
    const { data, error, status } = await client.rpc(name, args)
    // A failed fetch (status 0) has its cause's code (ECONNRESET, UND_ERR_...) in `code`.
    const detail = error ? `${status} ${error.code ? `${error.code} ` : ''}${error.message}` : ''
    recorder.call(label, !error, detail)
    return { data: error ? null : data, ok: !error }
  } catch (error) {
    recorder.call(label, false, (error as Error).message)
    return { data: null, ok: false }
  }
}

/** A table read or write, recorded; whether it succeeded. */
export async function recordedSelect(
  recorder: Recorder,
  name: string,
  query: () => PromiseLike<{ error: { message: string } | null; status: number }>
): Promise<boolean> {
  try {
    const { error, status } = await query()
    recorder.call(name, !error, error ? `${status} ${error.message}` : '')
    return !error
  } catch (error) {
    recorder.call(name, false, (error as Error).message)
    return false
  }
}
