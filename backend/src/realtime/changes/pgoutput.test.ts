import { describe, expect, it } from 'vitest'
import { decodeFrame, decodePgOutput, formatLsn, parseLsn, statusUpdate } from './pgoutput.ts'

/** Builds protocol messages byte by byte, as the walsender writes them. */
class Writer {
  private parts: Buffer[] = []
  u8(n: number) {
    this.parts.push(Buffer.from([n]))
    return this
  }
  char(c: string) {
    return this.u8(c.charCodeAt(0))
  }
  i16(n: number) {
    const b = Buffer.alloc(2)
    b.writeInt16BE(n)
    this.parts.push(b)
    return this
  }
  i32(n: number) {
    const b = Buffer.alloc(4)
    b.writeInt32BE(n)
    this.parts.push(b)
    return this
  }
  u64(n: bigint) {
    const b = Buffer.alloc(8)
    b.writeBigUInt64BE(n)
    this.parts.push(b)
    return this
  }
  str(s: string) {
    this.parts.push(Buffer.from(s), Buffer.from([0]))
    return this
  }
  text(s: string) {
    const bytes = Buffer.from(s)
    return this.char('t').i32(bytes.length).raw(bytes)
  }
  raw(b: Buffer) {
    this.parts.push(b)
    return this
  }
  done() {
    return Buffer.concat(this.parts)
  }
}

describe('pgoutput', () => {
  it('decodes begin and commit with their timestamps', () => {
    // 2024-01-01T00:00:00Z is 757382400 s after 2000-01-01.
    const micros = 757_382_400_000_000n
    const begin = new Writer().char('B').u64(0x16b3748n).u64(micros).i32(42).done()
    expect(decodePgOutput(begin)).toEqual({
      tag: 'begin',
      finalLsn: 0x16b3748n,
      commitTime: Date.UTC(2024, 0, 1),
      xid: 42,
    })
    const commit = new Writer()
      .char('C')
      .u8(0)
      .u64(1n)
      .u64(2n)
      .u64(micros + 1500n)
      .done()
    expect(decodePgOutput(commit)).toEqual({
      tag: 'commit',
      commitLsn: 1n,
      endLsn: 2n,
      commitTime: Date.UTC(2024, 0, 1) + 1,
    })
  })

  it('decodes relations and row changes with null, unchanged and text cells', () => {
    const relation = new Writer()
      .char('R')
      .i32(16384)
      .str('public')
      .str('todos')
      .char('d')
      .i16(2)
      .u8(1)
      .str('id')
      .i32(20)
      .i32(-1)
      .u8(0)
      .str('title')
      .i32(25)
      .i32(-1)
      .done()
    expect(decodePgOutput(relation)).toEqual({
      tag: 'relation',
      relation: {
        relid: 16384,
        schema: 'public',
        table: 'todos',
        replicaIdentity: 'd',
        columns: [
          { name: 'id', typeOid: 20, typmod: -1, key: true },
          { name: 'title', typeOid: 25, typmod: -1, key: false },
        ],
      },
    })
    const insert = new Writer().char('I').i32(16384).char('N').i16(2).text('1').char('n').done()
    expect(decodePgOutput(insert)).toEqual({ tag: 'insert', relid: 16384, newTuple: ['1', null] })

    const update = new Writer()
      .char('U')
      .i32(16384)
      .char('K')
      .i16(2)
      .text('1')
      .char('n')
      .char('N')
      .i16(2)
      .text('2')
      .char('u')
      .done()
    expect(decodePgOutput(update)).toEqual({
      tag: 'update',
      relid: 16384,
      oldKind: 'K',
      oldTuple: ['1', null],
      newTuple: ['2', undefined],
    })
    const del = new Writer().char('D').i32(16384).char('O').i16(2).text('2').text('ü').done()
    expect(decodePgOutput(del)).toEqual({
      tag: 'delete',
      relid: 16384,
      oldKind: 'O',
      oldTuple: ['2', 'ü'],
    })
  })

  it('throws a RangeError on truncated messages', () => {
    const insert = new Writer().char('I').i32(1).char('N').i16(1).char('t').i32(10).done()
    expect(() => decodePgOutput(insert)).toThrow(RangeError)
  })

  it('reads the streaming envelopes and writes status updates', () => {
    const xlog = new Writer().char('w').u64(5n).u64(9n).u64(0n).raw(Buffer.from('B')).done()
    const frame = decodeFrame(xlog)
    expect(frame.kind === 'xlog' && [frame.start, frame.end, frame.data.toString()]).toEqual([
      5n,
      9n,
      'B',
    ])
    const keepalive = new Writer().char('k').u64(77n).u64(0n).u8(1).done()
    expect(decodeFrame(keepalive)).toEqual({ kind: 'keepalive', walEnd: 77n, replyRequested: true })
    const status = statusUpdate(0x100000010n, Date.UTC(2000, 0, 1))
    expect(status[0]).toBe(0x72)
    expect(status.readBigUInt64BE(9)).toBe(0x100000010n)
    expect(status.readBigInt64BE(25)).toBe(0n)
    expect(formatLsn(0x100000010n)).toBe('1/10')
    expect(parseLsn('1/10')).toBe(0x100000010n)
  })
})
