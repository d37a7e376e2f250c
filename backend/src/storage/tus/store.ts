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
// The body's writing is append-body.ts, the MD5s upload-hashes.ts, the one-request lock
// upload-locks.ts.
import { link, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { isCode } from '../disk.ts'
import type { Md5Session } from '../md5-worker.ts'
import { appendBody } from './append-body.ts'
import type { AppendTarget } from './append-body.ts'
import { TUS_ERRORS } from './protocol.ts'
import type { Metadata } from './protocol.ts'
import { UploadHashes } from './upload-hashes.ts'
import { UploadLocks } from './upload-locks.ts'

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

export class ResumableStore {
  private readonly locks = new UploadLocks()
  private readonly hashes: UploadHashes
  /**
   * The records this process read or wrote, with their offsets (what info.json and the length of
   * `data` say), so that a PATCH does not read them back from disk: the process is the only
   * writer, and one whose writes failed is forgotten and read again.
   */
  private readonly records = new Map<string, UploadInfo>()

  private constructor(
    readonly root: string,
    readonly expiryMs: number,
    hashing: () => Md5Session
  ) {
    this.hashes = new UploadHashes(hashing)
  }

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
   * Appends the body to the upload at its offset, at most `maxBytes`; returns the new offset. A
   * body that ends early (a dropped connection, a newer request) keeps what arrived; one longer
   * than `maxBytes` keeps `maxBytes` and is refused. `allowed` is the writer's right, tried while
   * the body arrives: when it fails, what this request wrote is cut off again before the failure
   * is thrown (append-body.ts). The body is read from its first byte (the file opens
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
    const { version } = info
    const data = this.dataPath(version)
    const target: AppendTarget = {
      data,
      start: info.offset,
      running: this.hashes.continueAt(version, info.offset),
      dropHash: () => this.hashes.drop(version),
      forget: () => {
        this.hashes.drop(version)
        this.records.delete(version) // what is on disk is read again
      },
    }
    const { offset, tooLarge, failure } = await appendBody(target, source, maxBytes, allowed)
    info.offset = offset
    this.remember(info)
    if (tooLarge) throw TUS_ERRORS.sizeExceeded()
    if (failure) throw failure
    return offset
  }

  /** The hex MD5 of the whole upload: the running one, or read back from disk. */
  async md5(info: UploadInfo): Promise<string> {
    return this.hashes.md5(info.version, info.offset, this.dataPath(info.version))
  }

  /**
   * Holds the upload for one request. An older holder is asked to stop (and keeps what it got);
   * `onPreempt` is how this request will be asked in turn.
   */
  lock(version: string, onPreempt: () => void): Promise<() => void> {
    return this.locks.lock(version, onPreempt)
  }

  /** Makes the bytes a temporary version of Storage's disk (a hard link: nothing is copied). */
  async linkTo(info: UploadInfo, target: string): Promise<void> {
    await link(this.dataPath(info.version), target)
  }

  /** The object is committed: the bytes go, the record (with the final offset) stays until it expires. */
  async complete(info: UploadInfo): Promise<void> {
    info.completed = true
    await this.save(info)
    this.hashes.drop(info.version)
    await unlink(this.dataPath(info.version)).catch((error: unknown) => {
      if (!isCode(error, 'ENOENT')) throw error
    })
  }

  async remove(version: string): Promise<void> {
    this.hashes.drop(version)
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
      if (!this.isExpired(info, now) || this.locks.holds(info.version)) continue
      await this.remove(info.version)
      removed++
    }
    return removed
  }
}

function copyOf(info: UploadInfo): UploadInfo {
  return { ...info, metadata: { ...info.metadata } }
}
