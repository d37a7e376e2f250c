// A PATCH's body appended to a resumable upload's bytes: batched writes at the upload's offset,
// each batch handed to the hashing worker once written, at most so many bytes, and the request's
// writes cut off again when the writer's right fails while the body arrives.
import { open } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { RunningHash } from './upload-hashes.ts'

/**
 * How many bytes to gather before one write to disk: small enough that little is left to write
 * once a 6 MB PATCH's last byte is in, large enough to be few writes.
 */
const WRITE_BATCH = 1024 * 1024

/** The upload a body is appended to, and what to do with its record when something fails. */
export interface AppendTarget {
  /** The upload's `data` file. */
  data: string
  /** The upload's offset: where the body's first byte goes. */
  start: number
  /** The running MD5 that continues at `start`, if any. */
  running: RunningHash | null
  /** Stops and forgets the running MD5 (read back from disk then). */
  dropHash(): void
  /** A write or the writer's right failed: the MD5 and the record go (read again from disk). */
  forget(): void
}

export interface Appended {
  /** The new offset. */
  offset: number
  /** The body was longer than `maxBytes`: `maxBytes` were kept. */
  tooLarge: boolean
  /** The body ended early (what arrived was kept), or null. */
  failure: unknown
}

/**
 * Appends the body at `target.start`, at most `maxBytes` (see ResumableStore.append). Throws,
 * after `target.forget()`, when a write fails or `allowed` does (the request's bytes cut off).
 */
export async function appendBody(
  target: AppendTarget,
  source: Readable,
  maxBytes: number,
  allowed: Promise<unknown>
): Promise<Appended> {
  const opening = open(target.data, 'r+')
  opening.catch(() => undefined)
  const start = target.start
  /** Bytes handed to a write. */
  let offset = start
  let tooLarge = false
  let failure: unknown = null
  let running = target.running
  const data = target.data
  /** Hands written bytes to the hashing worker; a failed worker leaves the MD5 to be read back. */
  const hashWritten = (at: number, length: number) => {
    if (!running) return
    try {
      running.session.updateFromFile(data, at, length)
    } catch {
      target.dropHash()
      running = null
    }
  }
  // The last write started (each starts once the one before is done).
  let writing: Promise<void> = Promise.resolve()
  try {
    let batch: Buffer[] = []
    let batched = 0
    const flush = async () => {
      await writing
      if (batched === 0) return
      const handle = await opening
      const buffers = batch
      const at = offset
      const length = batched
      batch = []
      offset += batched
      batched = 0
      writing = writeAll(handle, buffers, at).then(() => hashWritten(at, length))
      writing.catch(() => undefined)
    }
    try {
      let room = maxBytes
      for await (const chunk of source as AsyncIterable<Buffer>) {
        let piece = chunk
        if (piece.length > room) {
          piece = piece.subarray(0, room)
          tooLarge = true
        }
        room -= piece.length
        if (piece.length > 0) {
          batch.push(piece)
          batched += piece.length
        }
        if (batched >= WRITE_BATCH) await flush()
        if (tooLarge) break
      }
    } catch (error) {
      failure = error // the body ended early: keep what arrived
    }
    await flush()
    await writing
    const handle = await opening
    try {
      await allowed
    } catch (error) {
      target.dropHash()
      await handle.truncate(start)
      throw error
    }
    if (running) running.offset = offset
  } catch (error) {
    target.forget()
    throw error
  } finally {
    await writing.catch(() => undefined)
    // Closed without holding up the answer: what it wrote is written or cut off already.
    opening.then((handle) => handle.close()).catch(() => undefined)
  }
  return { offset, tooLarge, failure }
}

/** Writes every byte of `buffers` at `position`. */
async function writeAll(handle: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  const length = buffers.reduce((sum, buffer) => sum + buffer.length, 0)
  let written = 0
  while (written < length) {
    const { bytesWritten } = await handle.writev(
      written === 0 ? buffers : [Buffer.concat(buffers).subarray(written)],
      position + written
    )
    written += bytesWritten
  }
}
