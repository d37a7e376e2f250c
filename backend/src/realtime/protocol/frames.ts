// The Phoenix frame codec, as Supabase Realtime speaks it: vsn 1.0.0 sends JSON objects, vsn
// 2.0.0 sends JSON arrays [join_ref, ref, topic, event, payload] plus binary user broadcasts
// (kind 3 from the client, kind 4 to the client). Pure: bytes in, values out, no sockets.

export type Vsn = '1.0.0' | '2.0.0'

/** Refs are decimal strings from realtime-js; other Phoenix clients may send numbers. */
export type Ref = string | number | null

export interface Message {
  joinRef: Ref
  ref: Ref
  topic: string
  event: string
  payload: unknown
}

export type PayloadEncoding = 'binary' | 'json'

/** A client's broadcast sent as a kind-3 binary frame (realtime-js `channel.send` on vsn 2). */
export interface UserBroadcastPush {
  joinRef: string
  ref: string
  topic: string
  userEvent: string
  /** JSON of the whitelisted push keys (e.g. {"persist":true}); '' when none. */
  metadata: string
  encoding: PayloadEncoding
  payload: Buffer
}

export type Inbound =
  { kind: 'message'; message: Message } | { kind: 'user_broadcast'; push: UserBroadcastPush }

export type Decoded = { ok: true; value: Inbound } | { ok: false; error: string }

const USER_BROADCAST_PUSH = 3
const USER_BROADCAST = 4
const BINARY_ENCODING = 0
const JSON_ENCODING = 1

/** The serializer a connect request asks for: Phoenix matches `~> 1.0.0` and `~> 2.0.0`. */
export function negotiateVsn(requested: string | undefined): Vsn | null {
  if (requested === undefined || requested === '') return '1.0.0'
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.-]+)?$/.exec(requested)
  if (!match) return null
  if (match[1] === '1' && match[2] === '0') return '1.0.0'
  if (match[1] === '2' && match[2] === '0') return '2.0.0'
  return null
}

export function decodeText(vsn: Vsn, text: string): Decoded {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { ok: false, error: 'invalid JSON' }
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      return { ok: false, error: 'expected V2 array' }
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    return message(joinRef, ref, topic, event, payload)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: 'expected a JSON object' }
  }
  const object = parsed as Record<string, unknown>
  return message(
    object.join_ref ?? null,
    object.ref ?? null,
    object.topic,
    object.event,
    object.payload
  )
}

function message(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown
): Decoded {
  if (!isRef(joinRef) || !isRef(ref)) return { ok: false, error: 'invalid ref' }
  if (typeof topic !== 'string' || typeof event !== 'string') {
    return { ok: false, error: 'topic and event must be strings' }
  }
  return {
    ok: true,
    value: { kind: 'message', message: { joinRef, ref, topic, event, payload: payload ?? {} } },
  }
}

function isRef(value: unknown): value is Ref {
  return value === null || typeof value === 'string' || typeof value === 'number'
}

/** Decodes a binary frame; only vsn 2.0.0 has them and clients only send kind 3. */
export function decodeBinary(vsn: Vsn, frame: Buffer): Decoded {
  if (vsn !== '2.0.0') return { ok: false, error: 'binary frames need vsn 2.0.0' }
  if (frame.length < 7) return { ok: false, error: 'binary frame too short' }
  const kind = frame[0]
  if (kind !== USER_BROADCAST_PUSH) return { ok: false, error: `unexpected binary kind ${kind}` }
  const lengths = [frame[1], frame[2], frame[3], frame[4], frame[5]] as number[]
  const encodingByte = frame[6]
  if (encodingByte !== BINARY_ENCODING && encodingByte !== JSON_ENCODING) {
    return { ok: false, error: `unknown payload encoding ${encodingByte}` }
  }
  let offset = 7
  const parts: string[] = []
  for (const length of lengths) {
    if (offset + length > frame.length) return { ok: false, error: 'binary frame truncated' }
    parts.push(frame.toString('utf8', offset, offset + length))
    offset += length
  }
  const [joinRef = '', ref = '', topic = '', userEvent = '', metadata = ''] = parts
  return {
    ok: true,
    value: {
      kind: 'user_broadcast',
      push: {
        joinRef,
        ref,
        topic,
        userEvent,
        metadata,
        encoding: encodingByte === JSON_ENCODING ? 'json' : 'binary',
        payload: frame.subarray(offset),
      },
    },
  }
}

/** Encodes a message as a text frame of the connection's serializer. */
export function encodeMessage(vsn: Vsn, msg: Message): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload])
  }
  return JSON.stringify({
    topic: msg.topic,
    event: msg.event,
    payload: msg.payload,
    ref: msg.ref,
    join_ref: msg.joinRef,
  })
}

/**
 * Encodes a fastlane message (join_ref and ref null) around a payload that is already JSON text,
 * so one serialized payload serves every subscriber.
 */
export function encodeFastlane(
  vsn: Vsn,
  topic: string,
  event: string,
  payloadJson: string
): string {
  return encodeAround(vsn, null, null, topic, event, payloadJson)
}

/** Encodes a message around a payload that is already JSON text (e.g. a cached presence state). */
export function encodeAround(
  vsn: Vsn,
  joinRef: Ref,
  ref: Ref,
  topic: string,
  event: string,
  payloadJson: string
): string {
  const topicJson = JSON.stringify(topic)
  const eventJson = JSON.stringify(event)
  const joinRefJson = JSON.stringify(joinRef)
  const refJson = JSON.stringify(ref)
  if (vsn === '2.0.0') {
    return `[${joinRefJson},${refJson},${topicJson},${eventJson},${payloadJson}]`
  }
  return `{"topic":${topicJson},"event":${eventJson},"payload":${payloadJson},"ref":${refJson},"join_ref":${joinRefJson}}`
}

/**
 * A kind-4 user broadcast frame: u8 kind | u8 topic_len | u8 event_len | u8 metadata_len |
 * u8 encoding | topic | event | metadata | payload. Null when a field is over 255 bytes.
 */
export function encodeUserBroadcast(
  topic: string,
  userEvent: string,
  metadata: string,
  encoding: PayloadEncoding,
  payload: Buffer
): Buffer | null {
  const topicBytes = Buffer.from(topic, 'utf8')
  const eventBytes = Buffer.from(userEvent, 'utf8')
  const metadataBytes = Buffer.from(metadata, 'utf8')
  if (topicBytes.length > 255 || eventBytes.length > 255 || metadataBytes.length > 255) return null
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metadataBytes.length,
    encoding === 'json' ? JSON_ENCODING : BINARY_ENCODING,
  ])
  return Buffer.concat([header, topicBytes, eventBytes, metadataBytes, payload])
}
