// The topics of one stack: which channels listen on each, broadcast fan-out and presence.
// Public and private channels of the same name are different topics, as on the real server.
// A message is serialized and framed once per frame format and the same bytes are written to
// every subscriber's socket (wire.ts); presence diffs are merged per topic (presence-batch.ts).
import { encodeFastlane, encodeUserBroadcast } from '../protocol/frames.ts'
import type { PayloadEncoding, Vsn } from '../protocol/frames.ts'
import { SYSTEM_MESSAGES } from '../errors.ts'
import type { RateCounter } from './limits.ts'
import { TopicPresence } from './presence.ts'
import type { Meta, PresenceDiff, TrackResult } from './presence.ts'
import { PresenceBatches, diffPeriodMs } from './presence-batch.ts'
import { wireFrame } from './wire.ts'

/** What the hub needs of a joined channel. */
export interface Member {
  readonly topic: string
  readonly vsn: Vsn
  /** May receive broadcasts (a private channel needs the broadcast read policy). */
  readonly receivesBroadcast: boolean
  /** Receives presence diffs (presence enabled, and the read policy on a private channel). */
  readonly receivesPresence: boolean
  send(frame: Frame): void
  /** Ends the channel from the server side with a `system` error. */
  shutdown(reason: string): void
}

/** Bytes ready for the socket: a text frame or a binary one. */
export interface Frame {
  data: Buffer
  binary: boolean
  /** The whole WebSocket frame, encoded once for a frame many sockets get (fanOutFrame). */
  wire?: Buffer
}

export interface BroadcastMessage {
  /**
   * The whole broadcast as JSON text ({"type":"broadcast","event":…,"payload":…}) for text
   * frames; null when the user payload is binary (vsn 1 subscribers cannot receive it).
   */
  json: string | null
  /** Set when the message arrived as a binary push: vsn 2 subscribers get a kind-4 frame. */
  binary: {
    event: string
    /** JSON metadata for the kind-4 frame ('' for none; realtime-js exposes it as `meta`). */
    metadata: string
    encoding: PayloadEncoding
    payload: Buffer
  } | null
}

/** A broadcast whose text form is `{"type":"broadcast","event":…,"payload":…[,"meta":…]}`. */
export function jsonBroadcast(
  event: string,
  payloadJson: string,
  metaJson: string | null = null
): BroadcastMessage {
  let json = `{"type":"broadcast","event":${JSON.stringify(event)},"payload":${payloadJson}`
  if (metaJson !== null) json += `,"meta":${metaJson}`
  return { json: `${json}}`, binary: null }
}

export function topicKey(subTopic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`
}

export function textFrame(text: string): Frame {
  return { data: Buffer.from(text, 'utf8'), binary: false }
}

/** A frame for a topic's subscribers: its wire bytes made once, written to every socket. */
export function fanOutFrame(frame: Frame): Frame {
  frame.wire = wireFrame(frame.data, frame.binary)
  return frame
}

export class Hub {
  private readonly topics = new Map<string, Set<Member>>()
  private readonly presences = new Map<string, TopicPresence<Member>>()
  /** Presence diffs merged per topic and sent at most once per the topic's period. */
  private readonly diffs = new PresenceBatches(
    (key, diff) => this.deliverDiff(key, diff),
    (key) => diffPeriodMs(this.topics.get(key)?.size ?? 0)
  )

  constructor(
    /** The stack's messages per second: each broadcast and each of its deliveries. */
    readonly events: RateCounter
  ) {}

  add(key: string, member: Member): void {
    let members = this.topics.get(key)
    if (!members) this.topics.set(key, (members = new Set()))
    members.add(member)
  }

  /** Removes a member; its presence leaves (the diff goes to the remaining members). */
  remove(key: string, member: Member): void {
    const members = this.topics.get(key)
    if (members) {
      members.delete(member)
      if (members.size === 0) this.topics.delete(key)
    }
    this.untrack(key, member)
    if (!this.topics.has(key)) this.diffs.forget(key)
  }

  members(key: string): ReadonlySet<Member> {
    return this.topics.get(key) ?? new Set()
  }

  get topicCount(): number {
    return this.topics.size
  }

  /** How many members of the topic a broadcast would reach (all that receive but `except`). */
  audience(key: string, except: Member | null = null): number {
    const members = this.topics.get(key)
    if (!members) return 0
    let count = 0
    for (const member of members) if (member !== except && member.receivesBroadcast) count++
    return count
  }

  /**
   * Sends a broadcast to every member of the topic but `except`; returns the deliveries. The
   * message and its deliveries count as events; over the limit, the channels of the topic are
   * closed with "Too many messages per second", as each real channel closes itself when it
   * receives a message while its tenant is over the limit.
   */
  broadcast(key: string, message: BroadcastMessage, except: Member | null = null): number {
    const members = this.topics.get(key)
    if (!members) {
      this.events.add(1)
      return 0
    }
    const delivered = this.fanOut(members, message, except)
    this.events.add(1 + delivered)
    if (this.events.triggered()) {
      for (const member of [...members]) {
        if (member === except || member.receivesBroadcast) {
          member.shutdown(SYSTEM_MESSAGES.tooManyMessages)
        }
      }
    }
    return delivered
  }

  private fanOut(members: Set<Member>, message: BroadcastMessage, except: Member | null): number {
    const frames = new Map<string, Frame | null>()
    let delivered = 0
    for (const member of members) {
      if (member === except || !member.receivesBroadcast) continue
      const format = formatFor(member.vsn, message)
      let frame = frames.get(format)
      if (frame === undefined) {
        frame = broadcastFrame(format, member.topic, message)
        if (frame) fanOutFrame(frame)
        frames.set(format, frame)
      }
      if (frame) {
        member.send(frame)
        delivered++
      }
    }
    return delivered
  }

  /** The frame one member would get for a message (replays go to a single channel). */
  frameFor(member: Member, message: BroadcastMessage): Frame | null {
    return broadcastFrame(formatFor(member.vsn, message), member.topic, message)
  }

  track(key: string, member: Member, presenceKey: string, fields: Meta): TrackResult {
    let presence = this.presences.get(key)
    if (!presence) this.presences.set(key, (presence = new TopicPresence()))
    const result = presence.track(member, presenceKey, fields)
    if (result.changed) this.sendDiff(key, result.diff)
    return result
  }

  untrack(key: string, member: Member): boolean {
    const presence = this.presences.get(key)
    if (!presence) return false
    const diff = presence.untrack(member)
    if (presence.size === 0) this.presences.delete(key)
    if (!diff) return false
    this.sendDiff(key, diff)
    return true
  }

  /** The topic's presence state as JSON, encoded once per change however many joiners get it. */
  presenceStateJson(key: string): string {
    return this.presences.get(key)?.stateJson() ?? '{}'
  }

  private sendDiff(key: string, diff: PresenceDiff): void {
    this.diffs.add(key, diff)
  }

  /** One merged diff to every member of the topic that receives presence. */
  private deliverDiff(key: string, diff: PresenceDiff): void {
    const members = this.topics.get(key)
    if (!members) return
    const payload = JSON.stringify(diff)
    const frames = new Map<Vsn, Frame>()
    for (const member of members) {
      if (!member.receivesPresence) continue
      let frame = frames.get(member.vsn)
      if (!frame) {
        frame = fanOutFrame(
          textFrame(encodeFastlane(member.vsn, member.topic, 'presence_diff', payload))
        )
        frames.set(member.vsn, frame)
      }
      member.send(frame)
    }
  }
}

type Format = 'binary' | 'v2-json' | 'v1-json'

function formatFor(vsn: Vsn, message: BroadcastMessage): Format {
  if (vsn === '2.0.0') return message.binary ? 'binary' : 'v2-json'
  return 'v1-json'
}

/** Null when the subscriber cannot represent the message (binary payloads on vsn 1). */
function broadcastFrame(format: Format, topic: string, message: BroadcastMessage): Frame | null {
  if (format === 'binary' && message.binary) {
    const { event, metadata, encoding, payload } = message.binary
    const frame = encodeUserBroadcast(topic, event, metadata, encoding, payload)
    if (frame) return { data: frame, binary: true }
    // A field too long for the binary header: JSON text when the payload is JSON.
    return broadcastFrame('v2-json', topic, message)
  }
  if (message.json === null) return null
  const vsn = format === 'v1-json' ? '1.0.0' : '2.0.0'
  return textFrame(encodeFastlane(vsn, topic, 'broadcast', message.json))
}
