// The files behind Storage, on local disk under <dataDir>/storage:
//   buckets/<bucket>/<key segments…>/<last segment>~<version>   committed object versions
//   tmp/<version>                                               uploads not yet renamed into place
// Every path is built by `inside()`, the one path guard (disk-paths.ts): segments are never
// empty, "." or "..", never hold a separator or NUL, and the result must lie under the folder it
// was built from.
// A version is written once and never modified, so readers holding a file keep a whole version
// while an overwrite installs the next one; "~" never occurs in keys, so data files and folders
// cannot collide, and over-long segments are replaced by a hash ("#" never occurs in keys either).
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { link, mkdir, open, readdir, rename, rm, rmdir, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { detachablePipeline } from './detachable-pipeline.ts'
import { DiskPaths, VERSION_SEPARATOR } from './disk-paths.ts'
import { ERRORS } from './errors.ts'
import { KeyLocks } from './key-locks.ts'
import { Md5Hasher } from './md5-worker.ts'
import type { Md5Session } from './md5-worker.ts'

export interface Received {
  version: string
  size: number
  /** Hex MD5 of the bytes: the object's ETag. */
  md5: string
}

export interface OpenedFile {
  handle: FileHandle
  size: number
  mtime: Date
}

export class Disk extends DiskPaths {
  private readonly hasher = new Md5Hasher()
  /** Held by writers from a row's commit until its file is in place (see key-locks.ts). */
  readonly locks = new KeyLocks()
  /** Work going on after its request was answered (putting uploads in place); close() waits. */
  private readonly background = new Set<Promise<void>>()

  private constructor(root: string) {
    super(root)
  }

  static async open(root: string): Promise<Disk> {
    const disk = new Disk(path.resolve(root))
    await mkdir(disk.bucketsRoot, { recursive: true })
    await mkdir(disk.tmpRoot, { recursive: true })
    return disk
  }

  /** Lets `work` finish after its request was answered; close() waits for it. */
  track(work: Promise<unknown>): void {
    const tracked: Promise<void> = work
      .then(
        () => undefined,
        () => undefined // reported by the work itself; a leftover in tmp/ goes at the next start
      )
      .finally(() => this.background.delete(tracked))
    this.background.add(tracked)
  }

  /** Resolves once no tracked work is left. */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.all(this.background)
  }

  /** Waits for tracked work, then stops the hashing worker. */
  async close(): Promise<void> {
    await this.settled()
    await this.hasher.close()
  }

  /** Starts an MD5 on the hashing worker (md5-worker.ts), for bytes that arrive in pieces. */
  md5Session(): Md5Session {
    return this.hasher.session()
  }

  /**
   * Streams `source` into a new temporary version, hashing and counting as it goes. More than
   * `limit` bytes is EntityTooLarge; any failure removes the temporary file. The MD5 is computed
   * on the hashing worker beside the write (see md5-worker.ts), not on the request's thread.
   * Aborting `signal` stops the write and removes the file but leaves `source` alive and drains
   * it, so that the request can still be answered (a refused upload).
   */
  async receive(
    source: Readable,
    limit: number | (() => number),
    signal?: AbortSignal
  ): Promise<Received> {
    const version = randomUUID()
    const file = this.tempPath(version)
    const hash = this.hasher.session()
    const limitOf = typeof limit === 'function' ? limit : () => limit
    let size = 0
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length
        if (size > limitOf()) return callback(ERRORS.entityTooLarge())
        // Passed on at once; waits only while the hashing worker's shared ring is full.
        hash.update(chunk).then(
          () => callback(null, chunk),
          (error: unknown) => callback(error as Error)
        )
      },
    })
    const sink = createWriteStream(file, { flags: 'wx', highWaterMark: 1 << 20 })
    let md5: string
    try {
      if (signal) await detachablePipeline(source, meter, sink, signal)
      else await pipeline(source, meter, sink)
      md5 = await hash.digest()
    } catch (error) {
      hash.abort()
      await this.discard(version)
      throw error
    }
    return { version, size, md5 }
  }

  /** Renames a temporary version into place (after its row committed). */
  async commit(bucket: string, key: string, version: string): Promise<void> {
    const target = this.objectPath(bucket, key, version)
    // A concurrent delete may prune the (empty) parent folder between mkdir and rename.
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(this.tempPath(version), target)
        return
      } catch (error) {
        if (!isCode(error, 'ENOENT') || attempt >= 5) throw error
      }
    }
  }

  /** Removes a temporary version that will not be committed. */
  async discard(version: string): Promise<void> {
    await unlink(this.tempPath(version)).catch(ignoreCode('ENOENT'))
  }

  /**
   * Opens a committed version. Between a row's commit and the rename the bytes are still in
   * tmp/, so that is tried too. A version that is nowhere is NoSuchKey.
   */
  async open(bucket: string, key: string, version: string | null): Promise<OpenedFile> {
    const candidates = [this.objectPath(bucket, key, version)]
    if (version !== null) candidates.push(this.tempPath(version), candidates[0]!)
    for (const candidate of candidates) {
      let handle: FileHandle
      try {
        handle = await open(candidate, 'r')
      } catch (error) {
        if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) continue
        throw error
      }
      const stat = await handle.stat()
      return { handle, size: stat.size, mtime: stat.mtime }
    }
    throw ERRORS.noSuchKey()
  }

  /** Makes a new temporary version holding the same bytes (a hard link: versions never change). */
  async linkToTemp(bucket: string, key: string, version: string | null): Promise<string> {
    const next = randomUUID()
    const sources = [this.objectPath(bucket, key, version)]
    if (version !== null) sources.push(this.tempPath(version), sources[0]!)
    for (const source of sources) {
      try {
        await link(source, this.tempPath(next))
        return next
      } catch (error) {
        if (!isCode(error, 'ENOENT')) throw error
      }
    }
    throw ERRORS.noSuchKey()
  }

  /**
   * Deletes a committed version and prunes the folders it leaves empty. A version still in tmp/
   * belongs to a writer that will rename it (it holds the key's lock meanwhile).
   */
  async remove(bucket: string, key: string, version: string | null): Promise<void> {
    await this.removeDataFile(bucket, this.objectPath(bucket, key, version))
  }

  /** Deletes a data file found under a bucket's folder (see dataFiles) and prunes empty folders. */
  async removeDataFile(bucket: string, file: string): Promise<void> {
    const stop = this.bucketDir(bucket)
    if (!path.resolve(file).startsWith(stop + path.sep)) throw ERRORS.invalidKey(file)
    await unlink(file).catch(ignoreCode('ENOENT'))
    for (let dir = path.dirname(file); dir.startsWith(stop + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir)
      } catch {
        break // not empty (or already gone): the folders above are in use too
      }
    }
  }

  /** Removes a bucket's folder (its rows are gone). */
  async removeBucket(bucket: string): Promise<void> {
    await rm(this.bucketDir(bucket), { recursive: true, force: true })
  }

  /** Versions waiting in tmp/ (for recovery at start). */
  async tempVersions(): Promise<string[]> {
    return (await readdir(this.tmpRoot)).filter((name) => !name.startsWith('.'))
  }

  /** Every data file under a bucket's folder, with the version its name carries. */
  async *dataFiles(bucket: string): AsyncGenerator<{ file: string; version: string }> {
    const walk = async function* (dir: string): AsyncGenerator<{ file: string; version: string }> {
      let entries
      try {
        entries = await readdir(dir, { withFileTypes: true })
      } catch (error) {
        if (isCode(error, 'ENOENT')) return
        throw error
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) yield* walk(full)
        else {
          const at = entry.name.lastIndexOf(VERSION_SEPARATOR)
          if (at >= 0) yield { file: full, version: entry.name.slice(at + 1) }
        }
      }
    }
    yield* walk(this.bucketDir(bucket))
  }

  /** Bucket folders present on disk. */
  async bucketFolders(): Promise<string[]> {
    return (await readdir(this.bucketsRoot, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
  }
}

export function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code
}

function ignoreCode(code: string) {
  return (error: unknown) => {
    if (!isCode(error, code)) throw error
  }
}
