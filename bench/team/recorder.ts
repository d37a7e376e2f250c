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
  try {
    const { data, error, status } = await client.rpc(name, args)
    // A failed fetch (status 0) has its cause's code (ECONNRESET, UND_ERR_...) in `code`.
    const detail = error ? `${status} ${error.code ? `${error.code} ` : ''}${error.message}` : ''
    recorder.call(name, !error, detail)
    return data
  } catch (error) {
    recorder.call(name, false, (error as Error).message)
    return null
  }
}

/** A table read, recorded. */
export async function recordedSelect(
  recorder: Recorder,
  name: string,
  query: () => PromiseLike<{ error: { message: string } | null; status: number }>
): Promise<void> {
  try {
    const { error, status } = await query()
    recorder.call(name, !error, error ? `${status} ${error.message}` : '')
  } catch (error) {
    recorder.call(name, false, (error as Error).message)
  }
}
