// Reading a zip's entries (the limits of FORMAT.md; the index is zip.ts's): an entry is inflated
// in small pieces and stopped as soon as it yields more than it declared (a lying header) or more
// than the limits allow, whether the archive is all in memory (openZip) or read piece by piece
// from wherever it is (zip-source.ts). A bad entry is an EntryError, reported, never a crash.
import { Inflate } from 'npm:fflate@0.8.2'
import { LIMITS, readIndex } from './zip.ts'
import type { Limits, ZipEntry, ZipIndex } from './zip.ts'

const LOCAL = 0x04034b50

/** Why an entry could not be read (it is reported, the archive goes on). */
export class EntryError extends Error {}

/**
 * An entry's data inflated piece by piece, with the checks every read makes: stops with
 * EntryError as soon as the output passes the size the directory declared, or the data is not
 * what the directory says. Feed it the compressed bytes in order (`push`, any piece sizes); it
 * hands back what they inflate to; `end()` checks the whole.
 */
export class EntryInflater {
  private written = 0
  private done = false
  private out: Uint8Array[] = []
  private readonly inflate: Inflate | null

  constructor(private readonly entry: ZipEntry) {
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new EntryError('The file is damaged.')
      this.inflate = null
      return
    }
    this.inflate = new Inflate((chunk, final) => {
      this.written += chunk.length
      if (this.written > entry.size) return
      this.out.push(chunk)
      if (final) this.done = true
    })
  }

  /** The output of `data`; the last piece of the entry's data says `final`. */
  push(data: Uint8Array, final: boolean): Uint8Array[] {
    if (!this.inflate) {
      this.written += data.length
      if (final) this.done = true
      return data.length > 0 ? [data] : []
    }
    // Small input pieces: one piece inflates to at most about 1 MiB, so a bomb stops early.
    const PIECE = 1024
    const pieces: Uint8Array[] = []
    for (let offset = 0; offset < data.length || (final && offset === 0); offset += PIECE) {
      try {
        const last = final && offset + PIECE >= data.length
        this.inflate.push(data.subarray(offset, offset + PIECE), last)
      } catch {
        throw new EntryError('The file is not valid deflate data.')
      }
      if (this.written > this.entry.size) {
        throw new EntryError('The file inflates to more than its header says (a zip bomb).')
      }
      pieces.push(...this.out)
      this.out = []
      if (data.length === 0) break
    }
    return pieces
  }

  end(): void {
    if (!this.done || this.written !== this.entry.size) throw new EntryError('The file is damaged.')
  }
}

/** Where an entry's data begins, from its local header (30 bytes and the lengths after). */
export function dataStart(header: Uint8Array, entry: ZipEntry): number {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength)
  if (header.length < 30 || view.getUint32(0, true) !== LOCAL) {
    throw new EntryError('The file is damaged.')
  }
  return entry.localOffset + 30 + view.getUint16(26, true) + view.getUint16(28, true)
}

/** An entry's bytes when the whole archive is here (tests, small archives): see EntryInflater. */
export function readEntry(zip: Uint8Array, entry: ZipEntry, max = LIMITS.entryBytes): Uint8Array {
  const start = dataStart(zip.subarray(entry.localOffset, entry.localOffset + 30), entry)
  const data = zip.subarray(start, start + entry.compressedSize)
  if (data.length < entry.compressedSize) throw new EntryError('The file is cut short.')
  if (entry.size > max) throw new EntryError(`The file is over ${max} bytes.`)
  const inflater = new EntryInflater(entry)
  const pieces = inflater.push(data, true)
  inflater.end()
  const out = new Uint8Array(entry.size)
  let at = 0
  for (const piece of pieces) {
    out.set(piece, at)
    at += piece.length
  }
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
