// MD5 of uploads (their ETag, as S3 and Storage give it) computed on a worker thread. Node's
// MD5 runs well below disk speed, so hashing beside the write instead of in its way keeps
// uploads near the speed of a file copy. A bounded window of bytes in flight per upload keeps
// memory flat: past it, the upload waits for the worker, as a stream waits for a slow disk.
import { Worker } from 'node:worker_threads'

/** Bytes an upload may have queued for hashing before it waits. */
const WINDOW = 8 * 1024 * 1024

// Plain CommonJS, so the worker needs no TypeScript loader.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { createHash } = require('node:crypto')
const hashes = new Map()
parentPort.on('message', (message) => {
  if (message.type === 'data') {
    let hash = hashes.get(message.id)
    if (!hash) hashes.set(message.id, (hash = createHash('md5')))
    hash.update(new Uint8Array(message.chunk))
    // The chunk goes back: its memory is then freed by the main thread's frequent collections
    // (this thread allocates little, so its own collector would let hashed chunks pile up).
    parentPort.postMessage(
      { id: message.id, type: 'ack', bytes: message.chunk.byteLength, chunk: message.chunk },
      [message.chunk]
    )
  } else if (message.type === 'end') {
    const hash = hashes.get(message.id) || createHash('md5')
    hashes.delete(message.id)
    parentPort.postMessage({ id: message.id, type: 'digest', hex: hash.digest('hex') })
  } else if (message.type === 'abort') {
    hashes.delete(message.id)
  }
})
`

interface Pending {
  inFlight: number
  resume: (() => void) | null
  digest: { resolve(hex: string): void; reject(error: Error): void } | null
  failed: Error | null
}

type Reply =
  { id: number; type: 'ack'; bytes: number } | { id: number; type: 'digest'; hex: string }

export class Md5Hasher {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  /** Starts hashing one stream of bytes. */
  session(): Md5Session {
    const id = this.nextId++
    const state: Pending = { inFlight: 0, resume: null, digest: null, failed: null }
    this.pending.set(id, state)
    this.ensureWorker().ref()
    return new Md5Session(this, id, state)
  }

  async close(): Promise<void> {
    const worker = this.worker
    this.worker = null
    if (worker) await worker.terminate()
  }

  /** @internal Posts to the worker; a finished session stops holding the process open. */
  post(
    id: number,
    message: { type: string; chunk?: ArrayBuffer },
    transfer: ArrayBuffer[] = []
  ): void {
    if (message.type === 'abort') this.forget(id)
    this.ensureWorker().postMessage({ id, ...message }, transfer)
  }

  private forget(id: number): void {
    this.pending.delete(id)
    if (this.pending.size === 0) this.worker?.unref()
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(WORKER_SOURCE, { eval: true })
    worker.unref()
    worker.on('message', (reply: Reply) => this.receive(reply))
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null
      for (const [id, state] of this.pending) {
        state.failed = error
        state.resume?.()
        state.digest?.reject(error)
        this.pending.delete(id)
      }
    }
    worker.on('error', fail)
    worker.on('exit', (code) => {
      if (this.worker === worker) fail(new Error(`the hashing worker stopped (${code})`))
    })
    this.worker = worker
    return worker
  }

  private receive(reply: Reply): void {
    const state = this.pending.get(reply.id)
    if (!state) return
    if (reply.type === 'ack') {
      state.inFlight -= reply.bytes
      if (state.inFlight <= WINDOW && state.resume) {
        const resume = state.resume
        state.resume = null
        resume()
      }
    } else {
      this.forget(reply.id)
      state.digest?.resolve(reply.hex)
    }
  }
}

export class Md5Session {
  constructor(
    private readonly hasher: Md5Hasher,
    private readonly id: number,
    private readonly state: Pending
  ) {}

  /** Queues a chunk; resolves at once while the window has room, else when it has again. */
  update(chunk: Uint8Array): Promise<void> {
    const state = this.state
    if (state.failed) return Promise.reject(state.failed)
    // A copy the worker can own: request chunks may share their memory with other buffers.
    const copy = new Uint8Array(chunk)
    state.inFlight += copy.byteLength
    this.hasher.post(this.id, { type: 'data', chunk: copy.buffer }, [copy.buffer])
    if (state.inFlight <= WINDOW) return Promise.resolve()
    return new Promise((resolve, reject) => {
      state.resume = () => (state.failed ? reject(state.failed) : resolve())
    })
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

  abort(): void {
    if (!this.state.failed) this.hasher.post(this.id, { type: 'abort' })
  }
}
