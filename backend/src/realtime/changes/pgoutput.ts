// Decoding of the logical replication stream: the CopyData envelopes of the streaming protocol
// (XLogData 'w', keepalive 'k') and the pgoutput messages inside (protocol version 1), plus the
// standby status update we answer with. Pure: buffers in, values out.

/** Microseconds between the Unix epoch and PostgreSQL's epoch (2000-01-01). */
const PG_EPOCH_MICROS = 946_684_800_000_000n

export type ReplicationFrame =
  | { kind: 'xlog'; start: bigint; end: bigint; data: Buffer }
  | { kind: 'keepalive'; walEnd: bigint; replyRequested: boolean }
  | { kind: 'unknown'; tag: number }

export function decodeFrame(frame: Buffer): ReplicationFrame {
  const tag = frame[0] ?? 0
  if (tag === 0x77 && frame.length >= 25) {
    return {
      kind: 'xlog',
      start: frame.readBigUInt64BE(1),
      end: frame.readBigUInt64BE(9),
      data: frame.subarray(25),
    }
  }
  if (tag === 0x6b && frame.length >= 18) {
    return { kind: 'keepalive', walEnd: frame.readBigUInt64BE(1), replyRequested: frame[17] === 1 }
  }
  return { kind: 'unknown', tag }
}

/** The standby status update: written, flushed and applied up to `lsn`. */
export function statusUpdate(lsn: bigint, now = Date.now(), replyRequested = false): Buffer {
  const frame = Buffer.alloc(34)
  frame[0] = 0x72
  frame.writeBigUInt64BE(lsn, 1)
  frame.writeBigUInt64BE(lsn, 9)
  frame.writeBigUInt64BE(lsn, 17)
  frame.writeBigInt64BE(BigInt(now) * 1000n - PG_EPOCH_MICROS, 25)
  frame[33] = replyRequested ? 1 : 0
  return frame
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`
}

export function parseLsn(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/')
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`)
}

/** A column value: null, unchanged TOAST (not sent), or its text form. */
export type Cell = null | undefined | string

export interface RelationColumn {
  name: string
  typeOid: number
  typmod: number
  /** Part of the replica identity key. */
  key: boolean
}

export interface Relation {
  relid: number
  schema: string
  table: string
  /** d default, n nothing, f full, i index */
  replicaIdentity: string
  columns: RelationColumn[]
}

export type PgOutputMessage =
  | { tag: 'begin'; finalLsn: bigint; commitTime: number; xid: number }
  | { tag: 'commit'; commitLsn: bigint; endLsn: bigint; commitTime: number }
  | { tag: 'relation'; relation: Relation }
  | { tag: 'insert'; relid: number; newTuple: Cell[] }
  | {
      tag: 'update'
      relid: number
      oldKind: 'K' | 'O' | null
      oldTuple: Cell[] | null
      newTuple: Cell[]
    }
  | { tag: 'delete'; relid: number; oldKind: 'K' | 'O'; oldTuple: Cell[] }
  | { tag: 'truncate'; relids: number[] }
  | { tag: 'other'; type: string }

/** Milliseconds since the Unix epoch of a pgoutput timestamp (microseconds since 2000). */
function timestamp(micros: bigint): number {
  return Number((micros + PG_EPOCH_MICROS) / 1000n)
}

class Reader {
  offset = 0
  constructor(private readonly buffer: Buffer) {}

  u8(): number {
    this.need(1)
    return this.buffer[this.offset++] as number
  }
  i16(): number {
    this.need(2)
    const value = this.buffer.readInt16BE(this.offset)
    this.offset += 2
    return value
  }
  i32(): number {
    this.need(4)
    const value = this.buffer.readInt32BE(this.offset)
    this.offset += 4
    return value
  }
  u32(): number {
    this.need(4)
    const value = this.buffer.readUInt32BE(this.offset)
    this.offset += 4
    return value
  }
  u64(): bigint {
    this.need(8)
    const value = this.buffer.readBigUInt64BE(this.offset)
    this.offset += 8
    return value
  }
  i64(): bigint {
    this.need(8)
    const value = this.buffer.readBigInt64BE(this.offset)
    this.offset += 8
    return value
  }
  cstring(): string {
    const end = this.buffer.indexOf(0, this.offset)
    if (end < 0) throw new RangeError('unterminated string in pgoutput message')
    const value = this.buffer.toString('utf8', this.offset, end)
    this.offset = end + 1
    return value
  }
  bytes(length: number): Buffer {
    this.need(length)
    const value = this.buffer.subarray(this.offset, this.offset + length)
    this.offset += length
    return value
  }
  private need(n: number): void {
    if (this.offset + n > this.buffer.length) throw new RangeError('pgoutput message truncated')
  }
}

function tuple(reader: Reader): Cell[] {
  const count = reader.i16()
  const cells: Cell[] = new Array(count)
  for (let i = 0; i < count; i++) {
    const kind = reader.u8()
    if (kind === 0x6e /* n */) cells[i] = null
    else if (kind === 0x75 /* u */) cells[i] = undefined
    else if (kind === 0x74 /* t */ || kind === 0x62 /* b */) {
      cells[i] = reader.bytes(reader.i32()).toString('utf8')
    } else throw new RangeError(`unknown tuple column kind ${kind}`)
  }
  return cells
}

/** Decodes one pgoutput message; throws RangeError on a malformed one. */
export function decodePgOutput(data: Buffer): PgOutputMessage {
  const reader = new Reader(data)
  const tag = String.fromCharCode(reader.u8())
  switch (tag) {
    case 'B': {
      const finalLsn = reader.u64()
      const commitTime = timestamp(reader.i64())
      return { tag: 'begin', finalLsn, commitTime, xid: reader.u32() }
    }
    case 'C': {
      reader.u8() // flags
      const commitLsn = reader.u64()
      const endLsn = reader.u64()
      return { tag: 'commit', commitLsn, endLsn, commitTime: timestamp(reader.i64()) }
    }
    case 'R': {
      const relid = reader.u32()
      const schema = reader.cstring() || 'pg_catalog'
      const table = reader.cstring()
      const replicaIdentity = String.fromCharCode(reader.u8())
      const count = reader.i16()
      const columns: RelationColumn[] = []
      for (let i = 0; i < count; i++) {
        const flags = reader.u8()
        const name = reader.cstring()
        const typeOid = reader.u32()
        const typmod = reader.i32()
        columns.push({ name, typeOid, typmod, key: (flags & 1) === 1 })
      }
      return { tag: 'relation', relation: { relid, schema, table, replicaIdentity, columns } }
    }
    case 'I': {
      const relid = reader.u32()
      reader.u8() // 'N'
      return { tag: 'insert', relid, newTuple: tuple(reader) }
    }
    case 'U': {
      const relid = reader.u32()
      let marker = String.fromCharCode(reader.u8())
      let oldKind: 'K' | 'O' | null = null
      let oldTuple: Cell[] | null = null
      if (marker === 'K' || marker === 'O') {
        oldKind = marker
        oldTuple = tuple(reader)
        marker = String.fromCharCode(reader.u8())
      }
      if (marker !== 'N') throw new RangeError(`unexpected update marker ${marker}`)
      return { tag: 'update', relid, oldKind, oldTuple, newTuple: tuple(reader) }
    }
    case 'D': {
      const relid = reader.u32()
      const marker = String.fromCharCode(reader.u8())
      if (marker !== 'K' && marker !== 'O')
        throw new RangeError(`unexpected delete marker ${marker}`)
      return { tag: 'delete', relid, oldKind: marker, oldTuple: tuple(reader) }
    }
    case 'T': {
      const count = reader.i32()
      reader.u8() // options
      const relids: number[] = []
      for (let i = 0; i < count; i++) relids.push(reader.u32())
      return { tag: 'truncate', relids }
    }
    default:
      return { tag: 'other', type: tag }
  }
}
