// The MD5s of resumable uploads (the object's ETag), computed on the hashing worker as their bytes
// are written while the process lives, and read back from disk when there is none to continue.
import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import type { Md5Session } from '../md5-worker.ts'

/** The MD5 of an upload's first `offset` bytes, going on on the hashing worker. */
export interface RunningHash {
  session: Md5Session
  offset: number
}

export class UploadHashes {
  /**
   * Running MD5s of the bytes received, computed on the hashing worker as they arrive (not on
   * the request's thread), while the process lives; recomputed from disk otherwise.
   */
  private readonly hashes = new Map<string, RunningHash>()

  /** `hashing` starts an MD5 on the hashing worker (Disk.md5Session). */
  constructor(private readonly hashing: () => Md5Session) {}

  /** A running hash that continues at `offset`, or none when it would not (one is made then). */
  continueAt(version: string, offset: number): RunningHash | null {
    const known = this.hashes.get(version)
    if (known && known.offset === offset) return known
    this.drop(version)
    if (offset === 0) {
      const fresh = { session: this.hashing(), offset: 0 }
      this.hashes.set(version, fresh)
      return fresh
    }
    return null
  }

  /** Stops and forgets an upload's running MD5. */
  drop(version: string): void {
    this.hashes.get(version)?.session.abort()
    this.hashes.delete(version)
  }

  /** The hex MD5 of the first `offset` bytes of `data`: the running one, or read from disk. */
  async md5(version: string, offset: number, data: string): Promise<string> {
    const known = this.hashes.get(version)
    this.hashes.delete(version)
    if (known && known.offset === offset) {
      try {
        return await known.session.digest()
      } catch {
        // the hashing worker stopped: read back below
      }
    } else {
      known?.session.abort()
    }
    const hash = createHash('md5')
    const handle = await open(data, 'r')
    try {
      for await (const chunk of handle.createReadStream({
        start: 0,
        end: offset - 1,
        autoClose: false,
        highWaterMark: 1 << 20,
      }) as AsyncIterable<Buffer>) {
        hash.update(chunk)
      }
    } finally {
      await handle.close()
    }
    return hash.digest('hex')
  }
}
