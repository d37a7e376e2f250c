// Resumable uploads on disk, under <dataDir>/storage/resumable/<version>/: `data` holds the bytes
// received so far, appended to by every PATCH, and `info.json` what the upload is (bucket, key,
// length, metadata, owner), written when the upload is created, when a deferred length is
// declared and when it completes. The offset is the length of `data`: every PATCH has written its
// bytes before the offset is acknowledged, so a restart of the stack resumes at least at the last
// offset a client was told (bytes past it are bytes the client sent there, which a HEAD then
// reports). As Storage's own file backend (@tus/file-store) and the simple uploads here, a PATCH
// does not wait for the disk to flush: after a crash of the machine the length is what reached
// the disk, and the client's HEAD resumes from there. Nothing here is
// in buckets/ or in storage.objects, so nothing half-uploaded is listed or served. One request
// works on an upload at a time: a newer one stops the older (a client that reconnected after a
// dropped connection the server has not noticed yet), which keeps what it received and makes it
// durable before giving way. While the process lives it keeps the records and offsets it read or
// wrote, and the upload's MD5 (the object's ETag) runs on the hashing worker as bytes are
// written (it reads them back from the page cache); after a restart both are read back from disk.
import { createHash } from 'node:crypto'
import { link, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { isCode } from '../disk.ts'
import type { Md5Session } from '../md5-worker.ts'
import { TUS_ERRORS } from './protocol.ts'
import type { Metadata } from './protocol.ts'

export interface UploadInfo {
  bucket: string
  key: string
  version: string
  /** The length declared (Upload-Length), or null while deferred. */
  size: number | null
  /** Bytes received: the length of `data` (what info.json holds is rewritten on every read). */
  offset: number
  metadata: Metadata
  /** The JWT sub (or a signed URL's owner) that created the upload. */
  owner: string | null
  upsert: boolean
  /** Milliseconds since the epoch. */
  createdAt: number
  expiresAt: number
  /** The object's row is committed; only this record is left, until it expires. */
  completed: boolean
}

/**
 * How many bytes to gather before one write to disk: small enough that little is left to write
 * once a 6 MB PATCH's last byte is in, large enough to be few writes.
 */
const WRITE_BATCH = 1024 * 1024
/** How long a request waits for an older one on the same upload to give way. */
const LOCK_TIMEOUT_MS = 15_000

/** The MD5 of an upload's first `offset` bytes, going on on the hashing worker. */
interface RunningHash {
  session: Md5Session
  offset: number
}

interface Holder {
  released: Promise<void>
  preempt: () => void
}

export class ResumableStore {
  private readonly holders = new Map<string, Holder>()
  /**
   * Running MD5s of the bytes received, computed on the hashing worker as they arrive (not on
   * the request's thread), while the process lives; recomputed from disk otherwise.
   */
  private readonly hashes = new Map<string, RunningHash>()
  /**
   * The records this process read or wrote, with their offsets (what info.json and the length of
   * `data` say), so that a PATCH does not read them back from disk: the process is the only
   * writer, and one whose writes failed is forgotten and read again.
   */
  private readonly records = new Map<string, UploadInfo>()

  private constructor(
    readonly root: string,
    readonly expiryMs: number,
    private readonly hashing: () => Md5Session
  ) {}

  /** `hashing` starts an MD5 on the hashing worker (Disk.md5Session). */
  static async open(
    root: string,
    expiryMs: number,
    hashing: () => Md5Session
  ): Promise<ResumableStore> {
    await mkdir(root, { recursive: true })
    return new ResumableStore(root, expiryMs, hashing)
  }

  private dir(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw TUS_ERRORS.notFound()
    return path.join(this.root, version)
  }

  private dataPath(version: string): string {
    return path.join(this.dir(version), 'data')
  }

  async create(info: UploadInfo): Promise<void> {
    await mkdir(this.dir(info.version))
    await (await open(this.dataPath(info.version), 'wx')).close()
    await this.save(info)
  }

  /** The upload with this id, or null (also when the id names another object). */
  async read(bucket: string, key: string, version: string): Promise<UploadInfo | null> {
    const known = this.records.get(version)
    if (known) return known.bucket === bucket && known.key === key ? copyOf(known) : null
    let text: string
    try {
      text = await readFile(path.join(this.dir(version), 'info.json'), 'utf8')
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null
      throw error
    }
    const info = await this.withOffset(JSON.parse(text) as UploadInfo)
    this.remember(info)
    if (info.bucket !== bucket || info.key !== key) return null
    return info
  }

  private remember(info: UploadInfo): void {
    this.records.set(info.version, copyOf(info))
  }

  /** The record with its offset: the length of its bytes on disk (as recorded once complete). */
  private async withOffset(info: UploadInfo): Promise<UploadInfo> {
    if (info.completed) return info
    try {
      info.offset = (await stat(this.dataPath(info.version))).size
    } catch (error) {
      if (!isCode(error, 'ENOENT')) throw error
    }
    return info
  }

  async save(info: UploadInfo): Promise<void> {
    const target = path.join(this.dir(info.version), 'info.json')
    const temporary = `${target}.next`
    const handle = await open(temporary, 'w')
    try {
      await handle.writeFile(JSON.stringify(info))
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, target)
    this.remember(info)
  }

  isExpired(info: UploadInfo, now = Date.now()): boolean {
    return now > info.expiresAt
  }

  /**
   * Holds the upload for one request. An older holder is asked to stop (and keeps what it got);
   * `onPreempt` is how this request will be asked in turn.
   */
  async lock(version: string, onPreempt: () => void): Promise<() => void> {
    const deadline = Date.now() + LOCK_TIMEOUT_MS
    for (;;) {
      const holder = this.holders.get(version)
      if (!holder) break
      holder.preempt()
      const waited = await Promise.race([
        holder.released.then(() => true),
        new Promise<boolean>((resolve) =>
          setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref()
        ),
      ])
      if (!waited) throw new Error('failed to acquire lock before timeout')
    }
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    this.holders.set(version, { released, preempt: onPreempt })
    return () => {
      this.holders.delete(version)
      release()
    }
  }

  /**
   * Appends the body to the upload at its offset, at most `maxBytes`; returns the new offset. A body that ends early (a dropped connection, a newer request) keeps
   * what arrived; one longer than `maxBytes` keeps `maxBytes` and is refused. `allowed` is the
   * writer's right, tried while the body arrives: when it fails, what this request wrote is cut
   * off again before the failure is thrown. The body is read from its first byte (the file opens
   * meanwhile); its bytes go to disk in batches, one write in flight while the next bytes are
   * read, and each batch written is handed to the hashing worker by its place in the file: the
   * request never waits for the hash, and holds no bytes for it.
   */
  async append(
    info: UploadInfo,
    source: Readable,
    maxBytes: number,
    allowed: Promise<unknown> = Promise.resolve()
  ): Promise<number> {
    const opening = open(this.dataPath(info.version), 'r+')
    opening.catch(() => undefined)
    const start = info.offset
    /** Bytes handed to a write. */
    let offset = start
    let tooLarge = false
    let failure: unknown = null
    let running = this.runningHash(info.version, offset)
    const data = this.dataPath(info.version)
    /** Hands written bytes to the hashing worker; a failed worker leaves the MD5 to be read back. */
    const hashWritten = (at: number, length: number) => {
      if (!running) return
      try {
        running.session.updateFromFile(data, at, length)
      } catch {
        this.dropHash(info.version)
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
        this.dropHash(info.version)
        await handle.truncate(start)
        throw error
      }
      if (running) running.offset = offset
    } catch (error) {
      this.dropHash(info.version)
      this.records.delete(info.version) // what is on disk is read again
      throw error
    } finally {
      await writing.catch(() => undefined)
      // Closed without holding up the answer: what it wrote is written or cut off already.
      opening.then((handle) => handle.close()).catch(() => undefined)
    }
    info.offset = offset
    this.remember(info)
    if (tooLarge) throw TUS_ERRORS.sizeExceeded()
    if (failure) throw failure
    return offset
  }

  /** A running hash that continues at `offset`, or none when it would not (one is made then). */
  private runningHash(version: string, offset: number): RunningHash | null {
    const known = this.hashes.get(version)
    if (known && known.offset === offset) return known
    this.dropHash(version)
    if (offset === 0) {
      const fresh = { session: this.hashing(), offset: 0 }
      this.hashes.set(version, fresh)
      return fresh
    }
    return null
  }

  private dropHash(version: string): void {
    this.hashes.get(version)?.session.abort()
    this.hashes.delete(version)
  }

  /** The hex MD5 of the whole upload: the running one, or read back from disk. */
  async md5(info: UploadInfo): Promise<string> {
    const known = this.hashes.get(info.version)
    this.hashes.delete(info.version)
    if (known && known.offset === info.offset) {
      try {
        return await known.session.digest()
      } catch {
        // the hashing worker stopped: read back below
      }
    } else {
      known?.session.abort()
    }
    const hash = createHash('md5')
    const handle = await open(this.dataPath(info.version), 'r')
    try {
      for await (const chunk of handle.createReadStream({
        start: 0,
        end: info.offset - 1,
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

  /** Makes the bytes a temporary version of Storage's disk (a hard link: nothing is copied). */
  async linkTo(info: UploadInfo, target: string): Promise<void> {
    await link(this.dataPath(info.version), target)
  }

  /** The object is committed: the bytes go, the record (with the final offset) stays until it expires. */
  async complete(info: UploadInfo): Promise<void> {
    info.completed = true
    await this.save(info)
    this.dropHash(info.version)
    await unlink(this.dataPath(info.version)).catch((error: unknown) => {
      if (!isCode(error, 'ENOENT')) throw error
    })
  }

  async remove(version: string): Promise<void> {
    this.dropHash(version)
    this.records.delete(version)
    await rm(this.dir(version), { recursive: true, force: true })
  }

  /** Every upload on disk (for expiry and for finishing uploads a restart interrupted). */
  async all(): Promise<UploadInfo[]> {
    const found: UploadInfo[] = []
    for (const name of await readdir(this.root)) {
      if (!/^[0-9a-f-]{36}$/.test(name)) continue
      try {
        const text = await readFile(path.join(this.root, name, 'info.json'), 'utf8')
        found.push(await this.withOffset(JSON.parse(text) as UploadInfo))
      } catch {
        // a folder whose creation was interrupted: swept once it is as old as an expired upload
      }
    }
    return found
  }

  /** Removes expired uploads (incomplete ones with their parts) that no request holds. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0
    for (const name of await readdir(this.root)) {
      const dir = path.join(this.root, name)
      const info = await stat(path.join(dir, 'info.json')).catch(() => null)
      const folder = info ? null : await stat(dir).catch(() => null)
      if (folder && now - folder.mtimeMs > this.expiryMs) {
        await rm(dir, { recursive: true, force: true })
        removed++
      }
    }
    for (const info of await this.all()) {
      if (!this.isExpired(info, now) || this.holders.has(info.version)) continue
      await this.remove(info.version)
      removed++
    }
    return removed
  }
}

function copyOf(info: UploadInfo): UploadInfo {
  return { ...info, metadata: { ...info.metadata } }
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
