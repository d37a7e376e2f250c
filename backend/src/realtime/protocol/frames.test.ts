import { describe, expect, it } from 'vitest'
import Serializer from '@supabase/realtime-js/dist/module/lib/serializer.js'
import {
  decodeBinary,
  decodeText,
  encodeAround,
  encodeFastlane,
  encodeMessage,
  encodeUserBroadcast,
  negotiateVsn,
} from './frames.ts'

describe('negotiateVsn', () => {
  it('matches ~> 1.0.0 and ~> 2.0.0, defaulting to 1.0.0', () => {
    expect(negotiateVsn(undefined)).toBe('1.0.0')
    expect(negotiateVsn('1.0.0')).toBe('1.0.0')
    expect(negotiateVsn('2.0.0')).toBe('2.0.0')
    expect(negotiateVsn('2.0.3')).toBe('2.0.0')
    expect(negotiateVsn('3.0.0')).toBeNull()
    expect(negotiateVsn('banana')).toBeNull()
  })
})

describe('text frames', () => {
  it('decodes the JSON arrays of vsn 2.0.0', () => {
    const decoded = decodeText('2.0.0', '["1","2","realtime:room","phx_join",{"a":1}]')
    expect(decoded).toEqual({
      ok: true,
      value: {
        kind: 'message',
        message: {
          joinRef: '1',
          ref: '2',
          topic: 'realtime:room',
          event: 'phx_join',
          payload: { a: 1 },
        },
      },
    })
  })

  it('decodes the JSON objects of vsn 1.0.0', () => {
    const decoded = decodeText(
      '1.0.0',
      '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"5"}'
    )
    expect(decoded.ok && decoded.value.kind === 'message' && decoded.value.message).toEqual({
      joinRef: null,
      ref: '5',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    })
  })

  it('refuses malformed frames with a reason instead of throwing', () => {
    for (const text of [
      '',
      'nope',
      '[1,2,3]',
      '{"topic":1}',
      '[null,null,"t",5,{}]',
      '[{},null,"t","e",{}]',
    ]) {
      expect(decodeText('2.0.0', text).ok).toBe(false)
    }
    expect(decodeText('1.0.0', '["1","2","t","e",{}]').ok).toBe(false)
  })

  it('encodes replies in both serializers', () => {
    const msg = {
      joinRef: '1',
      ref: '2',
      topic: 't',
      event: 'phx_reply',
      payload: { status: 'ok' },
    }
    expect(encodeMessage('2.0.0', msg)).toBe('["1","2","t","phx_reply",{"status":"ok"}]')
    expect(JSON.parse(encodeMessage('1.0.0', msg))).toEqual({
      topic: 't',
      event: 'phx_reply',
      payload: { status: 'ok' },
      ref: '2',
      join_ref: '1',
    })
  })

  it('encodes fastlane frames around a prepared payload', () => {
    expect(encodeFastlane('2.0.0', 'realtime:a', 'broadcast', '{"x":1}')).toBe(
      '[null,null,"realtime:a","broadcast",{"x":1}]'
    )
    expect(JSON.parse(encodeFastlane('1.0.0', 'realtime:a', 'broadcast', '{"x":1}'))).toEqual({
      topic: 'realtime:a',
      event: 'broadcast',
      payload: { x: 1 },
      ref: null,
      join_ref: null,
    })
  })

  it('encodes a pushed message around a prepared payload as encodeMessage would', () => {
    const message = { joinRef: '3', ref: null, topic: 'realtime:a', event: 'presence_state' }
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      expect(
        encodeAround(vsn, '3', null, 'realtime:a', 'presence_state', '{"k":{"metas":[]}}')
      ).toBe(encodeMessage(vsn, { ...message, payload: { k: { metas: [] } } }))
    }
  })
})

describe('binary frames, against realtime-js own serializer', () => {
  const serializer = new Serializer(['persist'])

  it('decodes the kind-3 push realtime-js sends for channel.send()', () => {
    let encoded: unknown = null
    serializer.encode(
      {
        join_ref: '3',
        ref: '7',
        topic: 'realtime:room',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 }, persist: true },
      },
      (result: ArrayBuffer | string) => (encoded = result)
    )
    const decoded = decodeBinary('2.0.0', Buffer.from(encoded as ArrayBuffer))
    expect(decoded.ok).toBe(true)
    if (!decoded.ok || decoded.value.kind !== 'user_broadcast') throw new Error('not decoded')
    const push = decoded.value.push
    expect(push).toMatchObject({
      joinRef: '3',
      ref: '7',
      topic: 'realtime:room',
      userEvent: 'cursor',
      metadata: '{"persist":true}',
      encoding: 'json',
    })
    expect(JSON.parse(push.payload.toString())).toEqual({ x: 1 })
  })

  it('encodes kind-4 frames realtime-js decodes into a broadcast', () => {
    const frame = encodeUserBroadcast('realtime:room', 'cursor', '', 'json', Buffer.from('{"x":2}'))
    expect(frame).not.toBeNull()
    let decoded: unknown
    const bytes = frame as Buffer
    const copy = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.length
    ) as ArrayBuffer
    serializer.decode(copy, (msg: unknown) => (decoded = msg))
    expect(decoded).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 2 } },
    })
  })

  it('refuses truncated, foreign and v1 binary frames', () => {
    expect(decodeBinary('2.0.0', Buffer.from([3, 5, 0, 0, 0, 0, 1])).ok).toBe(false)
    expect(decodeBinary('2.0.0', Buffer.from([4, 0, 0, 0, 0, 0, 1])).ok).toBe(false)
    expect(decodeBinary('2.0.0', Buffer.from([3, 0, 0, 0, 0, 0, 9])).ok).toBe(false)
    expect(decodeBinary('2.0.0', Buffer.from([3])).ok).toBe(false)
    expect(decodeBinary('1.0.0', Buffer.from([3, 0, 0, 0, 0, 0, 1])).ok).toBe(false)
  })

  it('declines kind-4 frames whose fields exceed 255 bytes', () => {
    expect(encodeUserBroadcast('t'.repeat(256), 'e', '', 'json', Buffer.from('{}'))).toBeNull()
  })
})
