// Where Storage's files lie under <dataDir>/storage (layout: disk.ts), and `inside()`, the one
// path guard every path is built by: segments are never empty, "." or "..", never hold a
// separator or NUL, and the result must lie under the folder it was built from.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { ERRORS } from './errors.ts'
import { isValidBucketName } from './names.ts'

/** Longest segment stored as is; longer ones become "#<sha256>" (file names stop at 255 bytes). */
const MAX_SEGMENT_BYTES = 200
export const VERSION_SEPARATOR = '~'

/** The folders and file paths of a storage root; Disk (disk.ts) adds what is done with them. */
export class DiskPaths {
  readonly bucketsRoot: string
  readonly tmpRoot: string

  constructor(readonly root: string) {
    this.bucketsRoot = path.join(root, 'buckets')
    this.tmpRoot = path.join(root, 'tmp')
  }

  /** The path guard: joins segments under `base` or throws InvalidKey. */
  inside(base: string, segments: string[]): string {
    for (const segment of segments) {
      if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) {
        throw ERRORS.invalidKey(segments.join('/'))
      }
    }
    const full = path.resolve(base, ...segments)
    if (!full.startsWith(base + path.sep)) throw ERRORS.invalidKey(segments.join('/'))
    return full
  }

  bucketDir(bucket: string): string {
    if (!isValidBucketName(bucket)) throw ERRORS.invalidBucketName()
    return this.inside(this.bucketsRoot, [bucket])
  }

  /** Where a committed version of an object lives. */
  objectPath(bucket: string, key: string, version: string | null): string {
    const segments = key.split('/').map(encodeSegment)
    const last = segments.pop() ?? ''
    return this.inside(this.bucketDir(bucket), [
      ...segments,
      `${last}${VERSION_SEPARATOR}${version ?? ''}`,
    ])
  }

  tempPath(version: string): string {
    return this.inside(this.tmpRoot, [version])
  }
}

/** A key segment as a file-name segment: as is, or a hash when too long for the file system. */
export function encodeSegment(segment: string): string {
  if (Buffer.byteLength(segment, 'utf8') <= MAX_SEGMENT_BYTES) return segment
  return `#${createHash('sha256').update(segment, 'utf8').digest('hex')}`
}
