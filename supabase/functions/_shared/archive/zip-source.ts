// An archive read where it lies, a range at a time (issue 49, item 7): its tail (the end record),
// its central directory, then each entry as a stream of pieces inflated as they come, so neither
// the archive nor a whole entry is ever in memory. The import reads the archive from Storage by
// HTTP ranges (storageSource: the same request on hosted Supabase and on our stack); tests read
// bytes in memory through the same code (bytesSource).
import {
  checkEnd,
  dataStart,
  endRecord,
  EntryError,
  LIMITS,
  readDirectory,
  TAIL_BYTES,
  tooBig,
  zip64Record,
  ZipRefusal,
} from './zip.ts'
import { reported } from './codes.ts'
import type { Limits, ZipEntry, ZipIndex } from './zip.ts'

export interface ZipSource {
  /** The archive's size in bytes. */
  size: number
  /** `length` bytes from `offset` (fewer where the archive ends). */
  read(offset: number, length: number): Promise<Uint8Array>
  /** The bytes from `offset`, `length` of them, in pieces as they arrive. */
  stream(offset: number, length: number): AsyncIterable<Uint8Array>
}

/** An archive whose bytes are in memory, handed out in pieces of `piece` bytes. */
export function bytesSource(bytes: Uint8Array, piece = 64 * 1024): ZipSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.slice(offset, offset + length)),
    async *stream(offset, length) {
      const end = Math.min(bytes.length, offset + length)
      for (let at = offset; at < end; at += piece) yield bytes.slice(at, Math.min(end, at + piece))
    },
  }
}

/** Storage could not give the archive (gone, or the service failed). */
export class SourceError extends Error {}

/** The block one range request of Storage fetches (and how many the source keeps). */
const BLOCK = 1024 ** 2
const BLOCKS_KEPT = 8

/**
 * An object in Storage read by HTTP ranges with the given key (the service role's): HEAD for
 * its size, then `Range: bytes=a-b` GETs of /object/authenticated/<bucket>/<path>, a block of
 * 1 MiB at a time, the last 8 blocks kept: an export's many small day files lie side by side,
 * so one request serves dozens of them (and their headers), and memory stays at 8 MiB.
 */
export async function storageSource(
  storageUrl: string,
  key: string,
  bucket: string,
  path: string
): Promise<ZipSource> {
  const url = `${storageUrl}/object/authenticated/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`
  const headers = { Authorization: `Bearer ${key}`, apikey: key }
  const head = await fetch(url, { method: 'HEAD', headers })
  const size = Number(head.headers.get('content-length'))
  if (!head.ok || !Number.isSafeInteger(size)) {
    throw new SourceError(`Storage answered ${head.status} for the archive.`)
  }
  const blocks = new Map<number, Promise<Uint8Array>>()
  async function fetchBlock(index: number): Promise<Uint8Array> {
    const start = index * BLOCK
    const end = Math.min(size, start + BLOCK) - 1
    const response = await fetch(url, { headers: { ...headers, Range: `bytes=${start}-${end}` } })
    const whole = response.status === 200 && start === 0 && end === size - 1
    if (response.status !== 206 && !whole) {
      await response.body?.cancel()
      throw new SourceError(`Storage answered ${response.status} for a range of the archive.`)
    }
    const bytes = new Uint8Array(await response.arrayBuffer())
    if (bytes.length !== end - start + 1) throw new SourceError('Storage sent a short range.')
    return bytes
  }
  function block(index: number): Promise<Uint8Array> {
    let found = blocks.get(index)
    if (found) blocks.delete(index)
    else {
      found = fetchBlock(index)
      found.catch(() => blocks.delete(index))
    }
    blocks.set(index, found)
    while (blocks.size > BLOCKS_KEPT) blocks.delete(blocks.keys().next().value!)
    return found
  }
  async function* stream(offset: number, length: number): AsyncGenerator<Uint8Array> {
    const end = Math.min(size, offset + length)
    for (let at = offset; at < end;) {
      const index = Math.floor(at / BLOCK)
      const bytes = await block(index)
      const from = at - index * BLOCK
      const to = Math.min(bytes.length, end - index * BLOCK)
      yield bytes.slice(from, to)
      at = index * BLOCK + to
    }
  }
  return {
    size,
    stream,
    async read(offset, length) {
      const pieces: Uint8Array[] = []
      for await (const piece of stream(offset, length)) pieces.push(piece)
      return concat(pieces)
    },
  }
}

/** The pieces one after another, in one array. */
export function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0))
  let at = 0
  for (const piece of pieces) {
    out.set(piece, at)
    at += piece.length
  }
  return out
}

export interface StreamedZip {
  index: ZipIndex
  names(): string[]
  /**
   * An entry's bytes as they inflate (nothing when there is no such entry); EntryError, perhaps
   * part way, when it cannot be read.
   */
  chunks(name: string, max?: number): AsyncGenerator<Uint8Array>
  /** A small entry whole, or null (and a report item) when it is missing or cannot be read. */
  read(name: string, max: number): Promise<Uint8Array | null>
}

/** A stored entry's bytes as they come, checked against the size the directory declared. */
async function* stored(source: ZipSource, entry: ZipEntry, start: number) {
  if (entry.compressedSize !== entry.size)
    throw new EntryError('file_damaged', {}, 'The file is damaged.')
  yield* source.stream(start, entry.compressedSize)
}

/**
 * A deflated entry inflated as it comes, by the runtime's own (native) DecompressionStream: stops
 * with EntryError as soon as the output passes the size the directory declared (a lying header),
 * or the data is not valid. A failure of the source itself (SourceError) is passed on.
 */
async function* inflated(source: ZipSource, entry: ZipEntry, start: number) {
  const inflater = new DecompressionStream('deflate-raw')
  const writer = inflater.writable.getWriter()
  let sourceError: unknown = null
  const feeding = (async () => {
    const pieces = source.stream(start, entry.compressedSize)[Symbol.asyncIterator]()
    for (;;) {
      let next: IteratorResult<Uint8Array>
      try {
        next = await pieces.next()
      } catch (error) {
        sourceError = error
        await writer.abort(error).catch(() => {})
        return
      }
      if (next.done) break
      try {
        // The source's chunks are its own buffers, never shared memory.
        await writer.write(next.value as Uint8Array<ArrayBuffer>)
      } catch {
        // The inflater failed (its reader says why) or was cancelled.
        await pieces.return?.(undefined)
        return
      }
    }
    await writer.close().catch(() => {})
  })()
  const reader = inflater.readable.getReader()
  let written = 0
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>
      try {
        next = await reader.read()
      } catch {
        await feeding
        if (sourceError) throw sourceError
        throw new EntryError('file_not_deflate', {}, 'The file is not valid deflate data.')
      }
      if (next.done) break
      written += next.value.length
      if (written > entry.size) {
        const reason = 'The file inflates to more than its header says (a zip bomb).'
        throw new EntryError('file_inflates_beyond_header', {}, reason)
      }
      yield next.value
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  await feeding
  if (sourceError) throw sourceError
  if (written !== entry.size) throw new EntryError('file_damaged', {}, 'The file is damaged.')
}

async function* entryChunks(
  source: ZipSource,
  entry: ZipEntry,
  max: number
): AsyncGenerator<Uint8Array> {
  const start = dataStart(await source.read(entry.localOffset, 30), entry)
  if (start + entry.compressedSize > source.size) {
    throw new EntryError('file_cut_short', {}, 'The file is cut short.')
  }
  if (entry.size > max) {
    const { code, values, reason } = tooBig(max)
    throw new EntryError(code, values ?? {}, reason)
  }
  if (entry.method === 0) yield* stored(source, entry, start)
  else yield* inflated(source, entry, start)
}

/** Opens an archive where it lies: its index now (or a ZipRefusal), each entry as a stream. */
export async function openZipSource(
  source: ZipSource,
  limits: Limits = LIMITS
): Promise<StreamedZip> {
  if (source.size < 22) throw new ZipRefusal('not_zip', {}, 'The file is not a zip archive.')
  const tailStart = Math.max(0, source.size - TAIL_BYTES)
  let record = endRecord(await source.read(tailStart, source.size - tailStart), tailStart)
  if (record.zip64At !== undefined) {
    record = zip64Record(await source.read(record.zip64At, 56), record.zip64At)
  }
  checkEnd(record, limits)
  const directory = await source.read(record.offset, record.size)
  const index = readDirectory(directory, record, source.size, limits)
  const chunks = async function* (name: string, max = limits.entryBytes) {
    const entry = index.entries.get(name)
    if (entry) yield* entryChunks(source, entry, max)
  }
  return {
    index,
    names: () => [...index.entries.keys()],
    chunks,
    async read(name, max) {
      if (!index.entries.has(name)) return null
      const pieces: Uint8Array[] = []
      try {
        for await (const piece of chunks(name, max)) pieces.push(piece)
      } catch (error) {
        if (!(error instanceof EntryError)) throw error
        index.report.push(reported(name, error))
        return null
      }
      return concat(pieces)
    },
  }
}
