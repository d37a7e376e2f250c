// MD5 of uploads (their ETag, as S3 and Storage give it) computed on a worker thread. Node's
// MD5 runs well below disk speed, so hashing beside the write instead of in its way keeps
// uploads near the speed of a file copy. The bytes reach the worker through one ring of shared
// memory, allocated once: a chunk is copied into the ring and only its place is posted, so no
// buffer is allocated, transferred or collected per chunk (that churn cost more CPU than the
// hashing itself). The ring's size bounds the bytes in flight for all uploads together: past it,
// an upload waits for the worker, as a stream waits for a slow disk. Bytes already written to a
// file can instead be named by their place in it (updateFromFile): the worker reads them back
// itself, so the writer neither copies nor waits (resumable uploads, whose bytes are on disk
// before they are acknowledged).
import { Worker } from 'node:worker_threads'

/** Bytes queued for hashing, all uploads together, before an upload waits. */
const RING_BYTES = 4 * 1024 * 1024
/**
 * Bytes copied into the ring before their place is posted: one message (and one answer) per
 * network chunk cost the request's thread more than the hashing it saved.
 */
const POST_BYTES = 512 * 1024
/** The worker's one buffer for bytes it reads back from a file. */
const FILE_READ_BYTES = 1024 * 1024

// Plain CommonJS, so the worker needs no TypeScript loader.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { createHash } = require('node:crypto')
const { closeSync, openSync, readSync } = require('node:fs')
const ring = new Uint8Array(workerData.ring)
const hashes = new Map()
let buffer = null
/** Hashes bytes written to a file, read back (from the page cache) into one reused buffer. */
function hashFile(hash, file, position, length) {
  buffer ??= Buffer.allocUnsafeSlow(${FILE_READ_BYTES})
  const fd = openSync(file, 'r')
  try {
    while (length > 0) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, length), position)
      if (read === 0) throw new Error('the file ended before the bytes to hash')
      hash.update(buffer.subarray(0, read))
      position += read
      length -= read
    }
  } finally {
    closeSync(fd)
  }
}
parentPort.on('message', (message) => {
  let hash = hashes.get(message.id)
  if (message.type === 'data' || message.type === 'file') {
    if (!hash) hashes.set(message.id, (hash = createHash('md5')))
    if (message.type === 'data') {
      if (hash.failed === undefined) hash.update(ring.subarray(message.offset, message.offset + message.length))
      parentPort.postMessage({ id: message.id, type: 'ack', bytes: message.length })
    } else if (hash.failed === undefined) {
      try {
        hashFile(hash, message.file, message.position, message.length)
      } catch (error) {
        hash.failed = String(error && error.message)
      }
    }
  } else if (message.type === 'end') {
    hashes.delete(message.id)
    if (hash && hash.failed !== undefined) {
      parentPort.postMessage({ id: message.id, type: 'failed', message: hash.failed })
    } else {
      parentPort.postMessage({ id: message.id, type: 'digest', hex: (hash || createHash('md5')).digest('hex') })
    }
  } else if (message.type === 'abort') {
    hashes.delete(message.id)
  }
})
`

interface Pending {
  digest: { resolve(hex: string): void; reject(error: Error): void } | null
  failed: Error | null
}

type Reply =
  | { id: number; type: 'ack'; bytes: number }
  | { id: number; type: 'digest'; hex: string }
  | { id: number; type: 'failed'; message: string }

type Message =
  | { type: 'end' }
  | { type: 'abort' }
  | { type: 'file'; file: string; position: number; length: number }

export class Md5Hasher {
  private worker: Worker | null = null
  private ring: Uint8Array | null = null
  /** Where the next chunk goes in the ring, and how many bytes the worker has not hashed yet. */
  private head = 0
  private used = 0
  /** One session's bytes copied into the ring, ending at `head`, whose place is not posted yet. */
  private unposted: { id: number; offset: number; length: number } | null = null
  /** Updates waiting for room in the ring. */
  private waiting: (() => void)[] = []
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  /** Starts hashing one stream of bytes. */
  session(): Md5Session {
    const id = this.nextId++
    const state: Pending = { digest: null, failed: null }
    this.pending.set(id, state)
    this.ensureWorker().ref()
    return new Md5Session(this, id, state)
  }

  /** Stops the worker; sessions still open fail (a digest of their bytes is no longer known). */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = null
    const stopped = new Error('the hashing worker was stopped')
    for (const [id, state] of this.pending) {
      state.failed = stopped
      state.digest?.reject(stopped)
      this.pending.delete(id)
    }
    this.wake()
    if (worker) await worker.terminate()
  }

  /**
   * @internal Copies as much of `chunk` from `offset` as fits contiguously into the ring;
   * returns the bytes taken (0 when the ring is full: wait with `room()`). Places are posted per
   * POST_BYTES, and before another session's bytes, at the ring's end, when it is full, and
   * before a session's end or abort.
   */
  put(id: number, chunk: Uint8Array, offset: number): number {
    this.ensureWorker()
    const ring = this.ring!
    const tail = (this.head - this.used + ring.length) % ring.length
    const free =
      this.used === ring.length ? 0 : this.head >= tail ? ring.length - this.head : tail - this.head
    const length = Math.min(free, chunk.length - offset)
    if (length === 0) {
      // The worker frees the ring only once it is told what is there.
      this.postUnposted()
      return 0
    }
    if (this.unposted && this.unposted.id !== id) this.postUnposted()
    const piece = length === chunk.length ? chunk : chunk.subarray(offset, offset + length)
    ring.set(piece, this.head)
    if (this.unposted) this.unposted.length += length
    else this.unposted = { id, offset: this.head, length }
    this.head = (this.head + length) % ring.length
    this.used += length
    // Posted once large enough, and at the ring's end (a place is one contiguous range).
    if (this.unposted.length >= POST_BYTES || this.head === 0) this.postUnposted()
    return length
  }

  private postUnposted(): void {
    const unposted = this.unposted
    if (!unposted) return
    this.unposted = null
    this.worker?.postMessage({ type: 'data', ...unposted })
  }

  /** @internal Resolves when the worker has freed some of the ring. */
  room(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  /** @internal Posts to the worker; a finished session stops holding the process open. */
  post(id: number, message: Message): void {
    if (message.type === 'abort') this.forget(id)
    const worker = this.ensureWorker()
    this.postUnposted()
    worker.postMessage({ id, ...message })
  }

  private forget(id: number): void {
    this.pending.delete(id)
    if (this.pending.size === 0) this.worker?.unref()
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker
    const shared = new SharedArrayBuffer(RING_BYTES)
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ring: shared } })
    worker.unref()
    worker.on('message', (reply: Reply) => this.receive(reply))
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null
      for (const [id, state] of this.pending) {
        state.failed = error
        state.digest?.reject(error)
        this.pending.delete(id)
      }
      this.wake()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => {
      if (this.worker === worker) fail(new Error(`the hashing worker stopped (${code})`))
    })
    this.worker = worker
    this.ring = new Uint8Array(shared)
    this.head = 0
    this.used = 0
    this.unposted = null
    return worker
  }

  private receive(reply: Reply): void {
    if (reply.type === 'ack') {
      // Acks come in the order the chunks were put, so the ring frees from its tail.
      this.used -= reply.bytes
      this.wake()
      return
    }
    const state = this.pending.get(reply.id)
    if (!state) return
    this.forget(reply.id)
    if (reply.type === 'failed') state.digest?.reject(new Error(reply.message))
    else state.digest?.resolve(reply.hex)
  }

  private wake(): void {
    const waiting = this.waiting
    this.waiting = []
    for (const resume of waiting) resume()
  }
}

export class Md5Session {
  constructor(
    private readonly hasher: Md5Hasher,
    private readonly id: number,
    private readonly state: Pending
  ) {}

  /** Queues a chunk; resolves at once while the ring has room for it, else once it has. */
  update(chunk: Uint8Array): Promise<void> {
    const state = this.state
    if (state.failed) return Promise.reject(state.failed)
    const taken = this.hasher.put(this.id, chunk, 0)
    if (taken === chunk.length) return Promise.resolve()
    return this.rest(chunk, taken)
  }

  private async rest(chunk: Uint8Array, offset: number): Promise<void> {
    while (offset < chunk.length) {
      if (this.state.failed) throw this.state.failed
      const taken = this.hasher.put(this.id, chunk, offset)
      if (taken === 0) await this.hasher.room()
      offset += taken
    }
  }

  /**
   * Queues bytes already written to `file` (at `position`, `length` of them): the worker reads
   * them back itself, from the page cache, so they are neither copied nor held here, and nothing
   * waits for the worker. When the file no longer has them, the digest fails.
   */
  updateFromFile(file: string, position: number, length: number): void {
    if (this.state.failed) throw this.state.failed
    this.hasher.post(this.id, { type: 'file', file, position, length })
  }

  /** The hex digest of everything queued. */
  digest(): Promise<string> {
    const state = this.state
    if (state.failed) return Promise.reject(state.failed)
    return new Promise((resolve, reject) => {
      state.digest = { resolve, reject }
      this.hasher.post(this.id, { type: 'end' })
    })
  }

  /** Drops the session; an update still waiting for room stops instead of sending the rest. */
  abort(): void {
    if (this.state.failed) return
    this.hasher.post(this.id, { type: 'abort' })
    this.state.failed = new Error('the hashing session was aborted')
  }
}
