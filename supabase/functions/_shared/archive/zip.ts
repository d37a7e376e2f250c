// Safe zip reading (the limits of FORMAT.md): the central directory is read first and every
// entry judged from it (name, count, declared sizes, ratio) before anything is inflated (the
// entries are read as streams by zip-source.ts). The end record and the directory are
// read from the archive's tail, so only they need to be in memory (zip-source.ts reads them
// from Storage). Nothing here throws for a bad archive: the whole archive is refused with a
// reason (ZipRefusal), or an entry is skipped and reported.

import { CodedError, why } from './codes.ts'
import type { FailureCode, ReportCode, ReportItem, Why } from './codes.ts'

export const LIMITS = {
  entries: 200_000,
  totalBytes: 2 * 1024 ** 3,
  /** Entries are read as streams (zip-source.ts): one may be as big as the whole allows. */
  entryBytes: 2 * 1024 ** 3,
  /** Above this ratio (uncompressed : compressed) an entry over `ratioFloor` is a zip bomb. */
  ratio: 1000,
  ratioFloor: 1024 ** 2,
  nameBytes: 255,
}

export type Limits = typeof LIMITS

export type { ReportItem } from './codes.ts'

export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  size: number
  localOffset: number
}

export interface ZipIndex {
  entries: Map<string, ZipEntry>
  report: ReportItem[]
}

/** The archive as a whole cannot be read (not a zip, too many entries, too big, …). */
export class ZipRefusal extends CodedError<FailureCode> {}

const notZip = () => new ZipRefusal('not_zip', {}, 'The file is not a zip archive.')
const damaged = () => new ZipRefusal('zip_damaged', {}, 'The zip archive is damaged.')

const EOCD = 0x06054b50
const EOCD64 = 0x06064b50
const EOCD64_LOCATOR = 0x07064b50
const ZIP64_EXTRA = 0x0001
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/** Where the central directory is: read from the archive's tail (the last bytes, from `tailStart`). */
export interface EndRecord {
  count: number
  size: number
  offset: number
  /** Where the directory must end: the (Zip64) end record. */
  end: number
  /** A Zip64 end record to read (56 bytes at this offset) when it lies before the tail. */
  zip64At?: number
}

/** How many bytes at the end of an archive hold its end record: 22 and a comment of 65,535. */
export const TAIL_BYTES = 22 + 0xffff

/**
 * The end of central directory record, found in the archive's last bytes (`tail`, which begins
 * at `tailStart` in the archive). A Zip64 record (more than 65,535 entries, or offsets past
 * 4 GiB) is read from the tail when it is there, else `zip64At` says where it is.
 */
export function endRecord(tail: Uint8Array, tailStart: number): EndRecord {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength)
  let at = -1
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (view.getUint32(i, true) === EOCD) {
      at = i
      break
    }
  }
  if (at < 0) throw notZip()
  const record: EndRecord = {
    count: view.getUint16(at + 10, true),
    size: view.getUint32(at + 12, true),
    offset: view.getUint32(at + 16, true),
    end: tailStart + at,
  }
  if (record.count !== 0xffff && record.size !== 0xffffffff && record.offset !== 0xffffffff) {
    return record
  }
  // Zip64: the real values are in the Zip64 end record, which its locator, just before the end
  // record, points to.
  const locator = at - 20
  if (locator < 0 || view.getUint32(locator, true) !== EOCD64_LOCATOR) {
    throw damaged()
  }
  const zip64 = Number(view.getBigUint64(locator + 8, true))
  if (zip64 + 56 > tailStart + locator) throw damaged()
  if (zip64 < tailStart) return { ...record, zip64At: zip64 }
  return zip64Record(tail.subarray(zip64 - tailStart, zip64 - tailStart + 56), zip64)
}

/** The values of a Zip64 end record (its 56 bytes, found at `at`). */
export function zip64Record(bytes: Uint8Array, at: number): EndRecord {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 56 || view.getUint32(0, true) !== EOCD64) {
    throw damaged()
  }
  return {
    count: Number(view.getBigUint64(32, true)),
    size: Number(view.getBigUint64(40, true)),
    offset: Number(view.getBigUint64(48, true)),
    end: at,
  }
}

/** The 64-bit values of an entry's Zip64 extra field (empty when it has none). */
function zip64Extra(view: DataView, from: number, length: number): number[] {
  let at = from
  while (at + 4 <= from + length) {
    const id = view.getUint16(at, true)
    const size = view.getUint16(at + 2, true)
    if (id === ZIP64_EXTRA) {
      const values: number[] = []
      for (let i = 0; i + 8 <= size && at + 4 + i + 8 <= from + length; i += 8)
        values.push(Number(view.getBigUint64(at + 4 + i, true)))
      return values
    }
    at += 4 + size
  }
  return []
}

/** Why an entry name is refused, or null when it is a safe relative path. */
export function unsafeName(raw: Uint8Array, name: string, limits: Limits = LIMITS): Why | null {
  if (raw.length === 0) return why('name_empty', 'The entry has no name.')
  if (raw.length > limits.nameBytes) {
    const max = limits.nameBytes
    return why('name_too_long', `The name is longer than ${max} bytes.`, { max })
  }
  if (name.includes('\uFFFD')) return why('name_not_utf8', 'The name is not UTF-8.')
  if (name.includes('\0')) return why('name_nul', 'The name contains a NUL character.')
  if (name.includes('\\')) return why('name_backslash', 'The name contains a backslash.')
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name))
    return why('name_absolute', 'The name is an absolute path.')
  if (name.split('/').some((part) => part === '..'))
    return why('name_leaves_archive', 'The name leaves the archive (..).')
  return null
}

/** Refuses an end record that names too many entries or a directory past its end. */
export function checkEnd(record: EndRecord, limits: Limits): void {
  if (record.count > limits.entries) {
    const [count, max] = [record.count, limits.entries]
    throw new ZipRefusal(
      'too_many_entries',
      { count, max },
      `The archive has ${count} entries; the limit is ${max}.`
    )
  }
  if (record.offset + record.size > record.end) throw damaged()
}

/**
 * Reads the central directory (`directory`: its bytes, `record.size` of them from
 * `record.offset`) of an archive of `archiveSize` bytes. Refuses the archive (ZipRefusal) when
 * it has more entries or more bytes than the limits; skips and reports entries with unsafe
 * names, unknown compression, entries too big or compressed beyond the ratio. Directories are
 * left out.
 */
export function readDirectory(
  directory: Uint8Array,
  record: EndRecord,
  archiveSize: number,
  limits: Limits = LIMITS
): ZipIndex {
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength)
  const end = directory.length
  const decoder = new TextDecoder('utf-8', { fatal: false })
  const entries = new Map<string, ZipEntry>()
  const report: ReportItem[] = []
  let total = 0
  let at = 0
  /** Why an entry with a safe name is skipped, or null. */
  const skipped = (name: string, method: number, size: number, packed: number, offset: number) => {
    if (method !== 0 && method !== 8)
      return why('compression_unsupported', `Unsupported compression (method ${method}).`, {
        method,
      })
    if (size > limits.entryBytes) return tooBig(limits.entryBytes)
    if (size > limits.ratioFloor && size > packed * limits.ratio) {
      const ratio = limits.ratio
      return why('zip_bomb', `The file is compressed beyond ${ratio}:1 (a zip bomb).`, { ratio })
    }
    if (offset + 30 > archiveSize)
      return why('file_outside_archive', 'The file lies outside the archive.')
    if (entries.has(name))
      return why('name_twice', 'The archive holds this name twice; the first is used.')
    return null
  }
  for (let index = 0; index < record.count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) {
      throw damaged()
    }
    const method = view.getUint16(at + 10, true)
    let compressedSize = view.getUint32(at + 20, true)
    let entrySize = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    let localOffset = view.getUint32(at + 42, true)
    const raw = directory.subarray(at + 46, at + 46 + nameLength)
    // Zip64: the sizes and offset that do not fit 32 bits are in the extra field, in this order.
    if (entrySize === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      const wide = zip64Extra(
        view,
        at + 46 + nameLength,
        Math.min(extraLength, end - at - 46 - nameLength)
      )
      if (entrySize === 0xffffffff) entrySize = wide.shift() ?? Infinity
      if (compressedSize === 0xffffffff) compressedSize = wide.shift() ?? Infinity
      if (localOffset === 0xffffffff) localOffset = wide.shift() ?? Infinity
    }
    const name = decoder.decode(raw)
    at += 46 + nameLength + extraLength + commentLength
    const shown = name.slice(0, 255)
    const unsafe = unsafeName(raw, name, limits)
    if (unsafe) {
      report.push({ file: shown, ...unsafe })
      continue
    }
    if (name.endsWith('/')) continue
    const skip = skipped(name, method, entrySize, compressedSize, localOffset)
    if (skip) {
      report.push({ file: name, ...skip })
      continue
    }
    total += entrySize
    if (total > limits.totalBytes) {
      const max = limits.totalBytes
      throw new ZipRefusal(
        'archive_too_big',
        { max },
        `The archive unpacks to more than ${max} bytes.`
      )
    }
    entries.set(name, { name, method, compressedSize, size: entrySize, localOffset })
  }
  return { entries, report }
}

/** The central directory of an archive whose bytes are all here (see readDirectory). */
export function readIndex(zip: Uint8Array, limits: Limits = LIMITS): ZipIndex {
  if (zip.length < 22) throw notZip()
  const tailStart = Math.max(0, zip.length - TAIL_BYTES)
  let record = endRecord(zip.subarray(tailStart), tailStart)
  if (record.zip64At !== undefined) {
    record = zip64Record(zip.subarray(record.zip64At, record.zip64At + 56), record.zip64At)
  }
  checkEnd(record, limits)
  return readDirectory(
    zip.subarray(record.offset, record.offset + record.size),
    record,
    zip.length,
    limits
  )
}

/** Why an entry could not be read (it is reported, the archive goes on). */
export class EntryError extends CodedError<ReportCode> {}

/** "The file is over N bytes." */
export function tooBig(max: number): Why {
  return why('file_too_big', `The file is over ${max} bytes.`, { max })
}

/** Where an entry's data begins, from its local header (30 bytes and the lengths after). */
export function dataStart(header: Uint8Array, entry: ZipEntry): number {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength)
  if (header.length < 30 || view.getUint32(0, true) !== LOCAL) {
    throw new EntryError('file_damaged', {}, 'The file is damaged.')
  }
  return entry.localOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true)
}
