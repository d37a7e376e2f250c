// Safe zip reading (the limits of FORMAT.md): the central directory is read first and every
// entry judged from it (name, count, declared sizes, ratio) before anything is inflated; an
// entry is then inflated in small pieces and stopped as soon as it yields more than it declared
// (a lying header) or more than the limits allow. Nothing here throws for a bad archive: the
// whole archive is refused with a reason (ZipRefusal), or an entry is skipped and reported.
import { Inflate } from 'npm:fflate@0.8.2'

export const LIMITS = {
  entries: 200_000,
  totalBytes: 2 * 1024 ** 3,
  entryBytes: 200 * 1024 ** 2,
  /** Above this ratio (uncompressed : compressed) an entry over `ratioFloor` is a zip bomb. */
  ratio: 1000,
  ratioFloor: 1024 ** 2,
  nameBytes: 255,
}

export type Limits = typeof LIMITS

/** One skipped item: the archive's file, the item's index in it when it is one item, why. */
export interface ReportItem {
  file: string
  index?: number
  reason: string
}

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
export class ZipRefusal extends Error {}

const EOCD = 0x06054b50
const EOCD64 = 0x06064b50
const EOCD64_LOCATOR = 0x07064b50
const ZIP64_EXTRA = 0x0001
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

function findEndOfCentralDirectory(zip: Uint8Array, view: DataView): number {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  const stop = Math.max(0, zip.length - 22 - 0xffff)
  for (let at = zip.length - 22; at >= stop; at -= 1) {
    if (view.getUint32(at, true) === EOCD) return at
  }
  return -1
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
export function unsafeName(raw: Uint8Array, name: string, limits: Limits = LIMITS): string | null {
  if (raw.length === 0) return 'The entry has no name.'
  if (raw.length > limits.nameBytes) return `The name is longer than ${limits.nameBytes} bytes.`
  if (name.includes('\uFFFD')) return 'The name is not UTF-8.'
  if (name.includes('\0')) return 'The name contains a NUL character.'
  if (name.includes('\\')) return 'The name contains a backslash.'
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'The name is an absolute path.'
  if (name.split('/').some((part) => part === '..')) return 'The name leaves the archive (..).'
  return null
}

/**
 * Reads the central directory. Refuses the archive (ZipRefusal) when it is not a zip, has more
 * entries or more bytes than the limits; skips and reports entries with unsafe names, unknown
 * compression, entries too big or compressed beyond the ratio. Directories are left out.
 */
export function readIndex(zip: Uint8Array, limits: Limits = LIMITS): ZipIndex {
  if (zip.length < 22) throw new ZipRefusal('The file is not a zip archive.')
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  let end = findEndOfCentralDirectory(zip, view)
  if (end < 0) throw new ZipRefusal('The file is not a zip archive.')
  let count = view.getUint16(end + 10, true)
  let size = view.getUint32(end + 12, true)
  let offset = view.getUint32(end + 16, true)
  // Zip64 (more than 65,535 entries, or offsets past 4 GiB): the real values are in the Zip64
  // end record, which its locator, just before the end record, points to.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20
    if (locator < 0 || view.getUint32(locator, true) !== EOCD64_LOCATOR) {
      throw new ZipRefusal('The zip archive is damaged.')
    }
    const record = Number(view.getBigUint64(locator + 8, true))
    if (record + 56 > locator || view.getUint32(record, true) !== EOCD64) {
      throw new ZipRefusal('The zip archive is damaged.')
    }
    count = Number(view.getBigUint64(record + 32, true))
    size = Number(view.getBigUint64(record + 40, true))
    offset = Number(view.getBigUint64(record + 48, true))
    end = record
  }
  if (count > limits.entries) {
    throw new ZipRefusal(`The archive has ${count} entries; the limit is ${limits.entries}.`)
  }
  if (offset + size > end) throw new ZipRefusal('The zip archive is damaged.')
  const decoder = new TextDecoder('utf-8', { fatal: false })
  const entries = new Map<string, ZipEntry>()
  const report: ReportItem[] = []
  let total = 0
  let at = offset
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) {
      throw new ZipRefusal('The zip archive is damaged.')
    }
    const method = view.getUint16(at + 10, true)
    let compressedSize = view.getUint32(at + 20, true)
    let entrySize = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    let localOffset = view.getUint32(at + 42, true)
    const raw = zip.subarray(at + 46, at + 46 + nameLength)
    // Zip64: the sizes and offset that do not fit 32 bits are in the extra field, in this order.
    if (entrySize === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      const wide = zip64Extra(view, at + 46 + nameLength, Math.min(extraLength, end - at))
      if (entrySize === 0xffffffff) entrySize = wide.shift() ?? Infinity
      if (compressedSize === 0xffffffff) compressedSize = wide.shift() ?? Infinity
      if (localOffset === 0xffffffff) localOffset = wide.shift() ?? Infinity
    }
    const name = decoder.decode(raw)
    at += 46 + nameLength + extraLength + commentLength
    const shown = name.slice(0, 255)
    const unsafe = unsafeName(raw, name, limits)
    if (unsafe) {
      report.push({ file: shown, reason: unsafe })
      continue
    }
    if (name.endsWith('/')) continue
    if (method !== 0 && method !== 8) {
      report.push({ file: name, reason: `Unsupported compression (method ${method}).` })
      continue
    }
    if (entrySize > limits.entryBytes) {
      report.push({ file: name, reason: `The file is over ${limits.entryBytes} bytes.` })
      continue
    }
    if (entrySize > limits.ratioFloor && entrySize > compressedSize * limits.ratio) {
      report.push({ file: name, reason: 'The file is compressed beyond 1000:1 (a zip bomb).' })
      continue
    }
    if (localOffset + 30 > zip.length) {
      report.push({ file: name, reason: 'The file lies outside the archive.' })
      continue
    }
    if (entries.has(name)) {
      report.push({ file: name, reason: 'The archive holds this name twice; the first is used.' })
      continue
    }
    total += entrySize
    if (total > limits.totalBytes) {
      throw new ZipRefusal(`The archive unpacks to more than ${limits.totalBytes} bytes.`)
    }
    entries.set(name, { name, method, compressedSize, size: entrySize, localOffset })
  }
  return { entries, report }
}

/** Why an entry could not be read (it is reported, the archive goes on). */
export class EntryError extends Error {}

/**
 * An entry's bytes, inflated in pieces: stops with EntryError as soon as the output passes the
 * size the directory declared (or `max`), or the data is not what the directory says.
 */
export function readEntry(zip: Uint8Array, entry: ZipEntry, max = LIMITS.entryBytes): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const at = entry.localOffset
  if (view.getUint32(at, true) !== LOCAL) throw new EntryError('The file is damaged.')
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
  const data = zip.subarray(start, start + entry.compressedSize)
  if (data.length < entry.compressedSize) throw new EntryError('The file is cut short.')
  if (entry.size > max) throw new EntryError(`The file is over ${max} bytes.`)
  const limit = entry.size
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new EntryError('The file is damaged.')
    return data
  }
  const out = new Uint8Array(limit)
  let written = 0
  let overflow = false
  let done = false
  const inflate = new Inflate((chunk, final) => {
    if (written + chunk.length > limit) overflow = true
    else out.set(chunk, written)
    written += chunk.length
    if (final) done = true
  })
  // Small input pieces: one piece inflates to at most about 1 MiB, so a bomb stops early.
  const PIECE = 1024
  try {
    for (let offset = 0; offset < data.length && !overflow; offset += PIECE) {
      inflate.push(data.subarray(offset, offset + PIECE), offset + PIECE >= data.length)
    }
  } catch {
    throw new EntryError('The file is not valid deflate data.')
  }
  if (overflow) throw new EntryError('The file inflates to more than its header says (a zip bomb).')
  if (!done || written !== entry.size) throw new EntryError('The file is damaged.')
  return out
}

export interface OpenedZip {
  index: ZipIndex
  /** An entry's bytes, or null (and a report item) when it is missing or cannot be read. */
  read(name: string, max?: number): Uint8Array | null
  names(): string[]
}

/** Opens an archive: its index now (or a ZipRefusal), each entry when asked for. */
export function openZip(zip: Uint8Array, limits: Limits = LIMITS): OpenedZip {
  const index = readIndex(zip, limits)
  return {
    index,
    names: () => [...index.entries.keys()],
    read(name, max = limits.entryBytes) {
      const entry = index.entries.get(name)
      if (!entry) return null
      try {
        return readEntry(zip, entry, max)
      } catch (error) {
        const reason = error instanceof EntryError ? error.message : 'The file cannot be read.'
        index.report.push({ file: name, reason })
        return null
      }
    },
  }
}
