// The raw socket's frames (phoenix.ts) held to realtime-js's own: a supabase-js client joins the
// topics a Chorus tab joins, over a transport that records what it would send, and the bench's
// frames must be the same (refs aside, which are any counter's); and the person's cheap reading
// of the server's frames must agree with parsing them.
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { userBroadcast } from '../realtime/clients.ts'
import {
  broadcastPush,
  joinPayload,
  liveChangeOf,
  liveMessageOf,
  recordIdOf,
  scanBinary,
  scanHeader,
  scanLiveMessage,
  textFrame,
} from './phoenix.ts'
import { PersonSocket } from './socket.ts'

const ME = '65e175b8-0089-4d2f-9d68-c4934532a053'
const WS = 'fd3ed453-bb77-4630-b0dd-00aa5161d1ef'
const CHANNEL = 'bbffbb39-f3bc-4403-9a8c-61dc45882d7e'
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZSJ9.c2ln'

/** A WebSocket that records what realtime-js sends (and lets the test answer). */
class Recording {
  static last: Recording | null = null
  readonly sent: (string | ArrayBuffer)[] = []
  readyState = 0
  binaryType = 'arraybuffer'
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    Recording.last = this
    queueMicrotask(() => {
      this.readyState = 1
      this.onopen?.()
    })
  }
  send(data: string | ArrayBuffer) {
    this.sent.push(data)
  }
  close() {
    this.readyState = 3
  }
}

const texts = (socket: Recording) =>
  socket.sent
    .filter((f): f is string => typeof f === 'string')
    .map((f) => JSON.parse(f) as unknown[])

describe("the raw socket's frames are realtime-js's", () => {
  it('connects where supabase-js does and joins as a Chorus tab does', async () => {
    const client = createClient('http://127.0.0.1:5432', 'sb_publishable_key', {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: Recording as never },
      accessToken: async () => TOKEN,
    })
    const joins = [
      { topic: `live:user:${ME}`, options: {} },
      { topic: `channel:${CHANNEL}`, options: {} },
      { topic: `workspace:${WS}`, options: { presenceKey: ME } },
    ]
    await client.realtime.setAuth()
    for (const { topic, options } of joins) {
      const config = options.presenceKey
        ? { private: true, presence: { key: options.presenceKey } }
        : { private: true }
      const channel = client.channel(topic, { config })
      if (options.presenceKey) channel.on('presence', { event: 'sync' }, () => {})
      else channel.on('broadcast', { event: '*' }, () => {})
      channel.subscribe()
    }
    await vi.waitFor(() => expect(Recording.last?.sent.length).toBe(3))
    const socket = Recording.last!
    expect(socket.url).toBe(PersonSocket.url('http://127.0.0.1:5432', 'sb_publishable_key'))
    const sent = texts(socket)
    joins.forEach(({ topic, options }, i) => {
      const [joinRef, ref, ...rest] = sent[i]!
      expect(joinRef).toBe(ref)
      const ours = JSON.parse(
        textFrame('1', '1', `realtime:${topic}`, 'phx_join', joinPayload(TOKEN, options))
      ) as unknown[]
      expect(rest).toEqual(ours.slice(2))
    })

    // Joined: the typing signal is a kind-3 push; presence track and untrack are text frames.
    const [typingRef] = sent[1] as [string]
    const [presenceRef] = sent[2] as [string]
    for (const [ref, topic] of [
      [typingRef, `channel:${CHANNEL}`],
      [presenceRef, `workspace:${WS}`],
    ] as const) {
      socket.onmessage?.({
        data: textFrame(ref, ref, `realtime:${topic}`, 'phx_reply', {
          status: 'ok',
          response: { postgres_changes: [] },
        }),
      })
    }
    const typing = client.getChannels().find((c) => c.topic === `realtime:channel:${CHANNEL}`)!
    const presence = client.getChannels().find((c) => c.topic === `realtime:workspace:${WS}`)!
    const payload = { user_id: ME, typing: true }
    await typing.send({ type: 'broadcast', event: 'typing', payload })
    const binary = socket.sent.find((f): f is ArrayBuffer => typeof f !== 'string')!
    const pushed = Buffer.from(binary)
    const refLength = pushed[2]!
    const ref = pushed.toString('utf8', 7 + typingRef.length, 7 + typingRef.length + refLength)
    expect(pushed).toEqual(
      broadcastPush(typingRef, ref, `realtime:channel:${CHANNEL}`, 'typing', payload)
    )

    const meta = { user_id: ME, online_at: '2026-11-29T12:53:11.480Z', state: 'active', dnd: false }
    void presence.track(meta)
    void presence.untrack()
    await vi.waitFor(() => expect(texts(socket).length).toBe(5))
    const [track, untrack] = texts(socket).slice(3)
    expect(track!.slice(0, 1)).toEqual([presenceRef])
    expect(track!.slice(2)).toEqual([
      `realtime:workspace:${WS}`,
      'presence',
      { type: 'presence', event: 'track', payload: meta },
    ])
    expect(untrack!.slice(2)).toEqual([
      `realtime:workspace:${WS}`,
      'presence',
      { type: 'presence', event: 'untrack' },
    ])
    client.realtime.disconnect()
  })
})

/** A live message as the database broadcasts it: jsonb's text (keys sorted by length, a space
 * after each colon and comma), in a text frame. */
function liveFrame(record: Record<string, unknown>, table = 'messages', operation = 'INSERT') {
  const jsonb = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(jsonb).join(', ')}]`
    if (value && typeof value === 'object') {
      const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
      return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonb((value as never)[k])}`).join(', ')}}`
    }
    return JSON.stringify(value)
  }
  const id = 'c2bb63e4-d6ef-448d-8993-c7cbf70aa179'
  const payload = jsonb({ id, table, record, operation })
  return `[null,null,"realtime:live:channel:${CHANNEL}","broadcast",{"type":"broadcast","event":"${operation}","payload":${payload},"meta":{"id":"${id}"}}]`
}

const message = (fields: Record<string, unknown> = {}) => ({
  id: '208f9fef-02b2-4482-ac57-6f1f4425113d',
  seq: 42,
  body: 'Something to say about the plan, with a few words more [t:1795960389123.456]',
  author_id: '6ee78251-c508-4426-a113-325cd778d5c2',
  parent_id: null,
  in_channel: true,
  mentions: [],
  channel_id: CHANNEL,
  attachments: [{ name: 'notes.pdf', path: `${WS}/${CHANNEL}/x/notes.pdf` }],
  created_at: '2026-11-29T12:53:18.17221+00:00',
  ...fields,
})

describe('reading the frames', () => {
  it('reads a text frame envelope without its payload', () => {
    const reply = textFrame('18', '19', `realtime:workspace:${WS}`, 'phx_reply', { status: 'ok' })
    expect(scanHeader(reply)).toMatchObject({
      joinRef: '18',
      ref: '19',
      topic: `realtime:workspace:${WS}`,
      event: 'phx_reply',
    })
    const diff = `[null,null,"realtime:workspace:${WS}","presence_diff",{"joins":{},"leaves":{}}]`
    expect(scanHeader(diff)).toMatchObject({ joinRef: null, ref: null, event: 'presence_diff' })
    const state = `["18",null,"realtime:workspace:${WS}","presence_state",{}]`
    expect(scanHeader(state)).toMatchObject({ joinRef: '18', ref: null, event: 'presence_state' })
    expect(scanHeader('{"not":"a frame"}')).toBeNull()
  })

  it("reads a kind-4 frame's topic and event", () => {
    const frame = userBroadcast(`realtime:channel:${CHANNEL}`, 'typing', { user_id: ME })
    expect(scanBinary(frame)).toEqual({ topic: `realtime:channel:${CHANNEL}`, event: 'typing' })
  })

  it('finds a live message by string search as parsing it would', () => {
    const cases = [
      message(),
      message({ mentions: [ME], body: 'Quoted "seq": 7, "author_id": "x" [t:12.5]' }),
      message({ parent_id: '9122126e-13ec-4966-9ab4-437e086546e6', in_channel: false }),
      message({ mentions: null, author_id: ME }),
      message({ body: 'no stamp' }),
    ]
    for (const record of cases) {
      const text = liveFrame(record)
      const header = scanHeader(text)!
      const parsed = liveMessageOf(liveChangeOf(text, header), ME)
      expect(scanLiveMessage(text, ME)).toEqual(parsed)
    }
    expect(scanLiveMessage(liveFrame(message()), ME)?.sentAt).toBe(1795960389123.456)
    expect(scanLiveMessage(liveFrame(message({ mentions: [ME] })), ME)?.mentionsMe).toBe(true)
  })

  it('passes over what is not a message insert', () => {
    const reaction = liveFrame({ id: 'r', emoji: '👍', message_id: 'm' }, 'reactions')
    expect(scanLiveMessage(reaction, ME)).toBeNull()
    expect(scanLiveMessage(liveFrame(message(), 'messages', 'UPDATE'), ME)).toBeNull()
    expect(recordIdOf(reaction)).toBe('r')
    expect(liveChangeOf(reaction, scanHeader(reaction)!)).toMatchObject({
      table: 'reactions',
      operation: 'INSERT',
      record: { emoji: '👍' },
    })
  })
})
