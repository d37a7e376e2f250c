// A pipeline for an upload's body that a refusal can stop without destroying the request's
// stream, so that the request can still be answered.
import { finished } from 'node:stream'
import type { Readable, Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * `source` -> `meter` -> `sink` like pipeline(), except that an abort through `signal` unpipes
 * `source` and drains it instead of destroying it (the request must still get its answer).
 * Failures of the source itself (a client that goes away) still fail the pipeline.
 */
export async function detachablePipeline(
  source: Readable,
  meter: Transform,
  sink: Writable,
  signal: AbortSignal
): Promise<void> {
  const onAbort = () => {
    source.unpipe(meter)
    source.resume()
    meter.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'))
  }
  if (signal.aborted) return Promise.reject(signal.reason)
  signal.addEventListener('abort', onAbort, { once: true })
  const stopSource = finished(source, (error) => {
    if (error && !signal.aborted) meter.destroy(error)
  })
  try {
    source.pipe(meter)
    await pipeline(meter, sink)
  } catch (error) {
    // As pipeline() would: a body that cannot be stored is not read any further.
    if (!signal.aborted) source.destroy(error as Error)
    throw error
  } finally {
    signal.removeEventListener('abort', onAbort)
    stopSource()
  }
}
