// The writer side of the archive format (FORMAT.md): a zip streamed out as it is made, with
// fflate. Entries go one after the other; each one's compressed bytes go to the sink as they come
// (the sink's promise is awaited before more is read), so the archive is never whole in memory:
// what it holds at a time is one JSON entry (a day file, users.json) or one chunk of a file, the
// compressor's window, and the list of entry names for the central directory.
//
// fflate writes no ZIP64: one archive is at most 4 GiB, and so is each entry (the import reads
// 2 GiB at most anyway). Names are checked against FORMAT.md's limits before anything is written.
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'

/** Where the zip's bytes go, in order; the next chunk waits for the promise. */
export type ArchiveSink = (chunk: Uint8Array) => Promise<void>

/** Types already compressed: stored as they are (deflating them again costs time for nothing). */
const STORED =
  /^(image\/(png|jpeg|gif|webp|avif|heic)|video\/|audio\/|application\/(zip|gzip|x-gzip|pdf))/i

const encoder = new TextEncoder()

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
    const entry = this.#open(name, deflate)
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
    const entry = this.#open(name, !STORED.test(mimeType))
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

  #open(name: string, deflate: boolean): ZipDeflate | ZipPassThrough {
    checkEntryName(name)
    if (this.#names.has(name)) throw new Error(`The archive already holds ${name}.`)
    this.#names.add(name)
    const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name)
    this.#zip.add(entry)
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
