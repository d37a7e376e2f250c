// The Phoenix/Realtime frames a person's tab exchanges, written and read as cheaply as the load
// generators can (socket.ts): byte for byte what the app's realtime-js (2.109, vsn 2.0.0) sends,
// and, of what the server sends, only what the person acts on read (phoenix.test.ts holds the
// frames to realtime-js's own). Text frames are JSON arrays [join_ref, ref, topic, event,
// payload]; a broadcast pushed by the client is a binary frame of kind 3, and one relayed from
// a client comes back as kind 4 (the typing signals); the database's broadcasts (the live
// topics) come as text.
import type { LiveChange } from './sidebar.ts'

/** A channel's join options, as realtime-js puts them in phx_join's payload. */
export interface JoinOptions {
  /** The presence key (usePresence: my user id); none: presence not enabled. */
  presenceKey?: string
}

/** phx_join's payload as realtime-js makes it for a private channel with no postgres_changes
 * bindings (Chorus's live topics, typing, presence), with the session's access token. */
export function joinPayload(token: string, options: JoinOptions = {}): object {
  return {
    config: {
      broadcast: { ack: false, self: false },
      presence:
        options.presenceKey === undefined
          ? { key: '', enabled: false }
          : { key: options.presenceKey, enabled: true },
      postgres_changes: [],
      private: true,
    },
    access_token: token,
  }
}

/** A text frame (vsn 2.0.0's array). */
export function textFrame(
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payload: unknown
): string {
  return JSON.stringify([joinRef, ref, topic, event, payload])
}

/** A broadcast pushed on a joined channel (channel.send over the socket): kind 3, JSON payload,
 * no metadata (realtime-js keeps only `persist`, which Chorus never sets). */
export function broadcastPush(
  joinRef: string,
  ref: string,
  topic: string,
  event: string,
  payload: unknown
): Buffer {
  const fields = [joinRef, ref, topic, event, ''].map((f) => Buffer.from(f))
  const header = Buffer.from([3, ...fields.map((f) => f.length), 1])
  return Buffer.concat([header, ...fields, Buffer.from(JSON.stringify(payload ?? {}))])
}

/** What the person needs of a text frame's envelope, found without parsing the payload. */
export interface Header {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  /** Where the payload starts in the frame. */
  payloadAt: number
}

/** Reads a JSON string or null at `at`; returns it and where it ends (after the comma). */
function refAt(text: string, at: number): [string | null, number] {
  if (text.startsWith('null', at)) return [null, at + 5]
  const end = text.indexOf('"', at + 1)
  return [text.slice(at + 1, end), end + 2]
}

/** The envelope of a text frame; null when it is not one (topics and events hold no quotes). */
export function scanHeader(text: string): Header | null {
  if (text.charCodeAt(0) !== 91 /* [ */) return null
  const [joinRef, afterJoinRef] = refAt(text, 1)
  const [ref, afterRef] = refAt(text, afterJoinRef)
  if (text.charCodeAt(afterRef) !== 34 /* " */) return null
  const topicEnd = text.indexOf('"', afterRef + 1)
  const eventEnd = text.indexOf('"', topicEnd + 3)
  if (topicEnd < 0 || eventEnd < 0) return null
  return {
    joinRef,
    ref,
    topic: text.slice(afterRef + 1, topicEnd),
    event: text.slice(topicEnd + 3, eventEnd),
    payloadAt: eventEnd + 2,
  }
}

/** The payload of a text frame whose header was read, parsed (the frames a person acts on). */
export function payloadOf(text: string, header: Header): unknown {
  return JSON.parse(text.slice(header.payloadAt, text.length - 1))
}

/** A kind-4 frame's topic and event (the payload left unread). */
export function scanBinary(buffer: Buffer): { topic: string; event: string } | null {
  if (buffer[0] !== 4 || buffer.length < 5) return null
  const topicLength = buffer[1]!
  const eventLength = buffer[2]!
  const topic = buffer.toString('utf8', 5, 5 + topicLength)
  const event = buffer.toString('utf8', 5 + topicLength, 5 + topicLength + eventLength)
  return { topic, event }
}

/** The reason of a join's refusal (`{"status":"error","response":{"reason":"..."}}`). */
export function replyOf(payload: unknown): { status: string; reason: string } {
  const { status, response } = (payload ?? {}) as { status?: unknown; response?: unknown }
  const reason = (response as { reason?: unknown } | null)?.reason
  return {
    status: typeof status === 'string' ? status : '',
    reason:
      typeof reason === 'string' ? reason : typeof reason === 'undefined' ? '' : String(reason),
  }
}

/** A live message (the database's broadcast of a messages row), as the open channel's view
 * needs it, read from the frame's text without parsing it: the send's time stamp in its body,
 * who wrote it, its seq, whether it is a top-level message shown in the channel, and whether it
 * mentions `me`. null when the frame is not a message's insert (or not read as one: a frame
 * from a newer schema falls back to parsing, liveMessageOf). */
export interface LiveMessage {
  id: string
  seq: number
  authorId: string
  parentId: string | null
  inChannel: boolean
  mentionsMe: boolean
  /** The `[t:<ms>]` at the end of the bench's bodies: when the send started; NaN if none. */
  sentAt: number
}

/** A string field of the record (`"name": "value"`, jsonb's spacing) from `from`; undefined if
 * the field is absent, null if it is null. */
function stringField(text: string, name: string, from: number): string | null | undefined {
  const key = `"${name}": `
  const at = text.indexOf(key, from)
  if (at < 0) return undefined
  const value = at + key.length
  if (text.startsWith('null', value)) return null
  if (text.charCodeAt(value) !== 34) return undefined
  return text.slice(value + 1, text.indexOf('"', value + 1))
}

function rawField(text: string, name: string, from: number): string | undefined {
  const key = `"${name}": `
  const at = text.indexOf(key, from)
  if (at < 0) return undefined
  const value = at + key.length
  let end = value
  while (end < text.length) {
    const c = text.charCodeAt(end)
    if (c === 44 /* , */ || c === 125 /* } */) break
    end++
  }
  return text.slice(value, end)
}

const STAMP = '[t:'

/**
 * The message a live:channel frame carries, by string search. The database sends the change as
 * jsonb text (`{"id": …, "table": "messages", "record": {…}, "operation": "INSERT"}`, keys with
 * a space after the colon); the record's own fields follow `"record": `. A body is JSON-escaped,
 * so none of the searched keys (with their unescaped quotes) can occur inside it.
 */
export function scanLiveMessage(text: string, me: string): LiveMessage | null {
  if (!text.includes('"table": "messages"') || !text.includes('"operation": "INSERT"')) return null
  const record = text.indexOf('"record": {')
  if (record < 0) return null
  const id = stringField(text, 'id', record)
  const authorId = stringField(text, 'author_id', record)
  const parentId = stringField(text, 'parent_id', record)
  const seq = Number(rawField(text, 'seq', record))
  const inChannel = rawField(text, 'in_channel', record)
  if (typeof id !== 'string' || typeof authorId !== 'string' || parentId === undefined) return null
  if (!Number.isFinite(seq)) return null
  const mentionsAt = text.indexOf('"mentions": [', record)
  const mentionsEnd = mentionsAt < 0 ? -1 : text.indexOf(']', mentionsAt)
  const mentionsMe = mentionsEnd > 0 && text.slice(mentionsAt, mentionsEnd).includes(`"${me}"`)
  // The body's stamp: `… [t:1764412345678.123]"` (the bench's own bodies end with it).
  const stamp = text.indexOf(STAMP, record)
  const sentAt = stamp < 0 ? NaN : Number(text.slice(stamp + 3, text.indexOf(']', stamp)))
  return { id, seq, authorId, parentId, inChannel: inChannel !== 'false', mentionsMe, sentAt }
}

/** A live topic's change (the broadcast's payload: table, operation, record), parsed; null for
 * anything else (as the app's toLiveChange). */
export function liveChangeOf(text: string, header: Header): LiveChange | null {
  if (header.event === 'system') return null
  const broadcast = payloadOf(text, header) as { payload?: unknown } | null
  const change = broadcast?.payload as Partial<LiveChange> | undefined
  if (!change || typeof change.table !== 'string' || typeof change.operation !== 'string')
    return null
  if (typeof change.record !== 'object' || change.record === null) return null
  return change as LiveChange
}

/** The message a parsed change carries (the fallback of scanLiveMessage). */
export function liveMessageOf(change: LiveChange | null, me: string): LiveMessage | null {
  if (change?.table !== 'messages' || change.operation !== 'INSERT') return null
  const record = change.record
  if (typeof record.id !== 'string') return null
  const stamp = /\[t:([\d.]+)\]$/.exec(String(record.body))
  return {
    id: record.id,
    seq: Number(record.seq),
    authorId: String(record.author_id),
    parentId: typeof record.parent_id === 'string' ? record.parent_id : null,
    inChannel: record.in_channel !== false,
    mentionsMe: Array.isArray(record.mentions) && record.mentions.includes(me),
    sentAt: stamp ? Number(stamp[1]) : NaN,
  }
}

/** The id of the record a live frame carries (its first field: jsonb sorts keys by length). */
export function recordIdOf(text: string): string | null {
  const record = text.indexOf('"record": {')
  if (record < 0) return null
  return stringField(text, 'id', record) ?? null
}
