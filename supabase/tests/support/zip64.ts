// A zip rewritten as Zip64 (as big exports are), for the reader's tests (imports-reader.test.ts):
// the same entries with their sizes and offsets in Zip64 fields.
import { concat } from '../../functions/_shared/archive/zip-source.ts'

/** The same archive rewritten as Zip64: every entry's sizes and offset in its Zip64 extra field,
 * the counts and the directory's place in a Zip64 end record found through its locator. */
export function asZip64(zip: Uint8Array): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const end = zip.length - 22
  const count = view.getUint16(end + 10, true)
  const directory = view.getUint32(end + 16, true)
  const parts: Uint8Array[] = [zip.slice(0, directory)]
  let at = directory
  let length = 0
  for (let i = 0; i < count; i += 1) {
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const fixed = zip.slice(at, at + 46)
    const fields = new DataView(fixed.buffer)
    const extra = new DataView(new ArrayBuffer(28))
    extra.setUint16(0, 1, true)
    extra.setUint16(2, 24, true)
    extra.setBigUint64(4, BigInt(fields.getUint32(24, true)), true)
    extra.setBigUint64(12, BigInt(fields.getUint32(20, true)), true)
    extra.setBigUint64(20, BigInt(fields.getUint32(42, true)), true)
    for (const offset of [20, 24, 42]) fields.setUint32(offset, 0xffffffff, true)
    fields.setUint16(30, extraLength + 28, true)
    const rest = zip.slice(at + 46, at + 46 + nameLength + extraLength + commentLength)
    const name = rest.slice(0, nameLength)
    parts.push(fixed, name, new Uint8Array(extra.buffer), rest.slice(nameLength))
    length += 46 + rest.length + 28
    at += 46 + nameLength + extraLength + commentLength
  }
  const record = new DataView(new ArrayBuffer(56 + 20 + 22))
  record.setUint32(0, 0x06064b50, true)
  record.setBigUint64(4, 44n, true)
  record.setUint16(12, 45, true)
  record.setUint16(14, 45, true)
  record.setBigUint64(24, BigInt(count), true)
  record.setBigUint64(32, BigInt(count), true)
  record.setBigUint64(40, BigInt(length), true)
  record.setBigUint64(48, BigInt(directory), true)
  record.setUint32(56, 0x07064b50, true)
  record.setBigUint64(64, BigInt(directory + length), true)
  record.setUint32(72, 1, true)
  record.setUint32(76, 0x06054b50, true)
  record.setUint16(86, 0xffff, true)
  record.setUint16(88, 0xffff, true)
  record.setUint32(90, 0xffffffff, true)
  record.setUint32(94, 0xffffffff, true)
  parts.push(new Uint8Array(record.buffer))
  return concat(parts)
}
