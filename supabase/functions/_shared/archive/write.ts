// The writer side of the archive format (FORMAT.md): a zip streamed out as it is made, with
// fflate. Entries go one after the other; each one's compressed bytes go to the sink as they come
// (the sink's promise is awaited before more is read), so the archive is never whole in memory:
// what it holds at a time is one JSON entry (a day file, users.json) or one chunk of a file, the
// compressor's window, and the list of entry names for the central directory.
//
// fflate writes no ZIP64: one archive is at most 4 GiB, and so is each entry (the import reads
// 2 GiB at most anyway). Names are checked against FORMAT.md's limits before anything is written.
import { Deflate, Zip } from 'fflate'
import type { ZipInputFile } from 'fflate'

/** Where the zip's bytes go, in order; the next chunk waits for the promise. */
export type ArchiveSink = (chunk: Uint8Array) => Promise<void>

/** Types already compressed: stored as they are (deflating them again costs time for nothing). */
const STORED =
  /^(image\/(png|jpeg|gif|webp|avif|heic)|video\/|audio\/|application\/(zip|gzip|x-gzip|pdf))/i

const encoder = new TextEncoder()

// fflate's memory level for an entry's deflate: its hash table has 2^(12 + mem) 16-bit slots (a
// streamed deflate takes the largest, 2 MiB, unless told). A day file's 16-64 KiB table deflates
// it as well as its size allows; a file streamed from Storage gets 1 MiB.
type MemLevel = 2 | 4 | 7
const SMALL: MemLevel = 2
const MEDIUM: MemLevel = 4
const LARGE: MemLevel = 7

/** CRC-32 (the zip's, IEEE 802.3) table. */
const CRC_TABLE = (() => {
  const table = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c
  }
  return table
})()

function crc32(crc: number, chunk: Uint8Array): number {
  let c = crc
  for (let i = 0; i < chunk.length; i++) c = CRC_TABLE[(c ^ chunk[i]!) & 0xff]! ^ (c >>> 8)
  return c
}

/**
 * One entry as fflate's Zip takes it (its documented ZipInputFile), deflated with fflate's
 * Deflate or stored. Not fflate's ZipDeflate: Zip keeps every entry's object until the end for
 * the central directory, and a ZipDeflate's holds its deflater's buffers (about 100 KiB, and the
 * hash table): 4,000 day files kept 400 MiB (bench/export). This object holds only its name,
 * sizes and CRC; the deflater lives in the closure and goes when the entry ends.
 */
function zipEntry(name: string, deflate: boolean, mem: MemLevel) {
  let crc = -1
  let size = 0
  let deflater: Deflate | null = deflate ? new Deflate({ level: 6, mem }) : null
  const file: ZipInputFile = {
    filename: name,
    size: 0,
    crc: 0,
    compression: deflate ? 8 : 0,
    mtime: new Date(),
    ondata: () => undefined,
  }
  // Zip sets file.ondata when the entry is added, before any chunk is pushed.
  const out = (data: Uint8Array, final: boolean) => file.ondata?.(null, data, final)
  if (deflater) deflater.ondata = out
  return {
    file,
    push(chunk: Uint8Array, final: boolean) {
      crc = crc32(crc, chunk)
      size += chunk.length
      // Zip reads the CRC and size when the last chunk comes out.
      if (final) {
        file.crc = (crc ^ -1) >>> 0
        file.size = size
      }
      if (deflater) deflater.push(chunk, final)
      else out(chunk, final)
      if (final) deflater = null
    },
  }
}

/** Refuses a name the import would refuse (FORMAT.md, "Limits the import enforces"). */
export function checkEntryName(name: string): void {
  const bytes = encoder.encode(name).length
  if (
    name === '' ||
    bytes > 255 ||
    name.startsWith('/') ||
    /[\\\0]/.test(name) ||
    name.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new Error(`Not a name an archive may hold: ${JSON.stringify(name)}`)
  }
}

export class ArchiveWriter {
  readonly #zip: Zip
  readonly #sink: ArchiveSink
  readonly #names = new Set<string>()
  #pending: Uint8Array[] = []
  #failure: Error | null = null
  #ended = false
  #bytes = 0

  constructor(sink: ArchiveSink) {
    this.#sink = sink
    this.#zip = new Zip((error, data, final) => {
      if (error) this.#failure ??= error
      else if (data.length > 0) this.#pending.push(data)
      if (final) this.#ended = true
    })
  }

  /** The zip's size so far (all of it once finish() returned). */
  get bytes(): number {
    return this.#bytes
  }

  /** Adds `name` holding `value` as JSON (two-space indented, as Slack's exports are). */
  async addJson(name: string, value: unknown): Promise<void> {
    await this.addBytes(name, encoder.encode(JSON.stringify(value, null, 2)), true)
  }

  /** Adds `name` holding `data`, deflated or stored. */
  async addBytes(name: string, data: Uint8Array, deflate = true): Promise<void> {
    const entry = this.#open(name, deflate, data.length < 64 * 1024 ? SMALL : MEDIUM)
    entry.push(data, true)
    await this.#drain()
  }

  /**
   * Adds `name` with the bytes a stream gives (a file as Storage sends it), chunk by chunk;
   * `mimeType` says whether it is worth deflating. Returns the number of bytes it held.
   */
  async addStream(
    name: string,
    source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
    mimeType = ''
  ): Promise<number> {
    const entry = this.#open(name, !STORED.test(mimeType), LARGE)
    let size = 0
    const iterable = isReadableStream(source) ? iterate(source) : source
    for await (const chunk of iterable) {
      if (chunk.length === 0) continue
      size += chunk.length
      entry.push(chunk, false)
      await this.#drain()
    }
    entry.push(new Uint8Array(0), true)
    await this.#drain()
    return size
  }

  /** Writes the central directory; returns the zip's size. */
  async finish(): Promise<number> {
    this.#zip.end()
    await this.#drain()
    if (!this.#ended) throw new Error('The archive did not end.')
    return this.#bytes
  }

  #open(name: string, deflate: boolean, mem: MemLevel) {
    checkEntryName(name)
    if (this.#names.has(name)) throw new Error(`The archive already holds ${name}.`)
    this.#names.add(name)
    const entry = zipEntry(name, deflate, mem)
    this.#zip.add(entry.file)
    return entry
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const chunks = this.#pending
      this.#pending = []
      for (const chunk of chunks) {
        this.#bytes += chunk.length
        await this.#sink(chunk)
      }
    }
    if (this.#failure) throw this.#failure
  }
}

function isReadableStream(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>
): source is ReadableStream<Uint8Array> {
  return typeof (source as ReadableStream<Uint8Array>).getReader === 'function'
}

async function* iterate(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}
