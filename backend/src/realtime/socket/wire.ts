// A frame as a server puts it on the wire (RFC 6455 §5.2): FIN set, the text or binary opcode,
// the payload's length in 7, 16 or 64 bits, no mask. A broadcast to a topic is encoded so once
// and the same bytes are written to every socket (Connection.send), instead of `ws` framing the
// payload again for each of the topic's thousand subscribers.

const TEXT = 0x1
const BINARY = 0x2

export function wireFrame(payload: Buffer, binary: boolean): Buffer {
  const length = payload.length
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10
  const bytes = Buffer.allocUnsafe(headerLength + length)
  bytes[0] = 0x80 | (binary ? BINARY : TEXT)
  if (length < 126) {
    bytes[1] = length
  } else if (length < 65536) {
    bytes[1] = 126
    bytes.writeUInt16BE(length, 2)
  } else {
    bytes[1] = 127
    bytes.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(bytes, headerLength)
  return bytes
}
