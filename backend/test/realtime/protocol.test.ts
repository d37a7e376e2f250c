// The Phoenix protocol as the real server speaks it, with a bare client: connect refusals,
// heartbeats, join replies and errors, tokens, limits, leave and close, the vsn 1 serializer; the
// limit on joins per second last, on a stack of its own that sets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signHs256 } from '../../src/jwt/jwt-keys.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { RawClient, socketUrl } from './raw-client.ts'
import type { Frame } from './raw-client.ts'

const now = () => Math.floor(Date.now() / 1000)

/** Realtime's error backoffs, short, for every protocol stack. */
const BACKOFFS = { CHANNEL_ERROR_BACKOFF_MS: '10', CONNECT_ERROR_BACKOFF_MS: '10' }

/**
 * Starts a stack with realtime limits set through the environment the service reads. The stacks
 * of this file start one after the other: each reads the environment while it starts.
 */
async function stackWith(env: Record<string, string>, migrations?: Record<string, string>) {
  Object.assign(process.env, env)
  try {
    return await startTestStack({ migrations })
  } finally {
    for (const name of Object.keys(env)) delete process.env[name]
  }
}

let stack: TestStack

beforeAll(async () => {
  // Three channels per connection, payloads up to 1 KB, and a table in the publication.
  stack = await stackWith(
    { ...BACKOFFS, TENANT_MAX_CHANNELS_PER_CLIENT: '3', TENANT_MAX_PAYLOAD_SIZE_IN_KB: '1' },
    {
      '20240101000000_t.sql':
        'create table public.items (id int primary key); alter publication supabase_realtime add table public.items;',
    }
  )
})

afterAll(async () => {
  await stack?.stop()
})

const connect = (key = stack.anonKey, vsn = '2.0.0') =>
  RawClient.connect(socketUrl(stack.url, key, vsn))
const userToken = (claims: Record<string, unknown> = {}) =>
  stack.keys.sign({ sub: 'u1', role: 'authenticated', exp: now() + 3600, ...claims })

describe('connecting', () => {
  it('refuses upgrades without a valid key, as the real server answers them', async () => {
    const base = stack.url.replace(/^http/, 'ws')
    expect(await RawClient.refused(`${base}/realtime/v1/websocket?vsn=2.0.0`)).toEqual({
      status: 401,
      body: JSON.stringify({ error: 'API key is missing' }),
    })
    expect(await RawClient.refused(socketUrl(stack.url, 'not-a-jwt'))).toEqual({
      status: 401,
      body: JSON.stringify({ error: 'The token provided is not a valid JWT' }),
    })
    const forged = signHs256('another-secret-of-at-least-32-characters', {
      role: 'anon',
      exp: now() + 60,
    })
    expect(await RawClient.refused(socketUrl(stack.url, forged))).toEqual({
      status: 401,
      body: JSON.stringify({ error: 'Failed to validate JWT signature' }),
    })
    const expired = await stack.keys.sign({ role: 'anon', exp: now() - 10 })
    expect((await RawClient.refused(socketUrl(stack.url, expired))).status).toBe(401)
    expect(await RawClient.refused(socketUrl(stack.url, stack.anonKey, '9.0.0'))).toEqual({
      status: 403,
      body: '',
    })
    expect((await RawClient.refused(`${base}/realtime/v1/nowhere?apikey=x`)).status).toBe(404)
    expect((await RawClient.refused(`${base}/rest/v1/whatever?apikey=x`)).status).toBe(404)
    // A plain request to the socket endpoint is not an upgrade.
    expect((await fetch(`${stack.url}/realtime/v1/websocket`)).status).toBe(400)
  })

  it('accepts the publishable key and answers heartbeats', async () => {
    const client = await connect(stack.keys.publishableKey)
    const ref = client.push(null, 'phoenix', 'heartbeat', {})
    expect(await client.reply(ref)).toEqual([
      null,
      ref,
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ])
    client.close()
  })
})

describe('joining', () => {
  it('answers unmatched topics and empty topic names', async () => {
    const client = await connect()
    const ref = client.push('9', 'realtime:nobody', 'broadcast', {
      type: 'broadcast',
      event: 'x',
      payload: {},
    })
    expect(await client.reply(ref)).toEqual([
      '9',
      ref,
      'realtime:nobody',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ])
    expect((await client.join('elsewhere')).reply[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    })
    expect((await client.join('realtime:')).reply[4]).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    })
    client.close()
  })

  it('echoes postgres_changes with ids, and leaves with phx_reply then phx_close', async () => {
    const client = await connect()
    const change = { event: '*', schema: 'public', table: 'items', filter: 'id=eq.1' }
    const { joinRef, reply } = await client.join('realtime:pg', {
      config: { postgres_changes: [change, { event: 'INSERT', schema: 'public', table: 'items' }] },
      access_token: await userToken(),
    })
    const response = (reply[4] as { response: { postgres_changes: { id: number }[] } }).response
    expect(response.postgres_changes).toHaveLength(2)
    expect(response.postgres_changes[0]).toEqual({ ...change, id: expect.any(Number) })
    expect(response.postgres_changes[0]?.id).not.toBe(response.postgres_changes[1]?.id)
    const system = await client.frame((f) => f[3] === 'system')
    expect(system).toEqual([
      joinRef,
      null,
      'realtime:pg',
      'system',
      {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'pg',
      },
    ])
    const leave = client.push(joinRef, 'realtime:pg', 'phx_leave', {})
    expect((await client.reply(leave))[4]).toEqual({ status: 'ok', response: {} })
    expect(await client.frame((f) => f[3] === 'phx_close')).toEqual([
      joinRef,
      joinRef,
      'realtime:pg',
      'phx_close',
      {},
    ])
    client.close()
  })

  it('names each token failure with the real server code', async () => {
    const client = await connect()
    const reason = async (access_token: string) => {
      const { reply } = await client.join(`realtime:t-${Math.random()}`, {
        config: {},
        access_token,
      })
      return (reply[4] as { response: { reason: string } }).response.reason
    }
    expect(await reason(await userToken({ exp: now() - 30 }))).toMatch(
      /^InvalidJWTToken: Token has expired \d+ seconds ago$/
    )
    expect(await reason(await stack.keys.sign({ sub: 'u1', role: 'authenticated' }))).toBe(
      'InvalidJWTToken: Fields `role` and `exp` are required in JWT'
    )
    expect(await reason('garbage')).toBe('MalformedJWT: The token provided is not a valid JWT')
    expect(
      await reason(
        signHs256('another-secret-of-at-least-32-characters', { role: 'anon', exp: now() + 9 })
      )
    ).toBe('JwtSignatureError: Failed to validate JWT signature')
    // New-style keys are not tokens: the connection's own key is used.
    const { reply } = await client.join('realtime:sb-key', {
      config: {},
      access_token: 'sb_publishable_x',
    })
    expect((reply[4] as { status: string }).status).toBe('ok')
    client.close()
  })

  it('limits channels per connection', async () => {
    const client = await connect()
    for (const name of ['a', 'b', 'c']) {
      expect(((await client.join(`realtime:${name}`)).reply[4] as { status: string }).status).toBe(
        'ok'
      )
    }
    expect((await client.join('realtime:d')).reply[4]).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    })
    client.close()
  })
})

describe('channels', () => {
  it('closes a channel when its token expires', async () => {
    const client = await connect()
    // Whole seconds: now() + 1 left the token between 0 and 1,000 ms, and a join that came after
    // it was refused as expired (no channel to close): 1 to 2 s left.
    const { joinRef } = await client.join('realtime:short', {
      config: {},
      access_token: await userToken({ exp: now() + 2 }),
    })
    const system = await client.frame((f) => f[3] === 'system')
    expect(system[0]).toBe(joinRef)
    expect(system[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'short' })
    expect((system[4] as { message: string }).message).toMatch(
      /^Token has expired \d+ seconds ago$/
    )
    expect(await client.frame((f) => f[3] === 'phx_close')).toEqual([
      joinRef,
      joinRef,
      'realtime:short',
      'phx_close',
      {},
    ])
    client.close()
  })

  it('closes a channel given an invalid access_token, ignores unknown events', async () => {
    const client = await connect()
    const { joinRef } = await client.join('realtime:refresh', { config: {} })
    client.push(joinRef, 'realtime:refresh', 'what_is_this', {})
    client.push(joinRef, 'realtime:refresh', 'access_token', { access_token: 'garbage' })
    const system = await client.frame((f) => f[3] === 'system')
    expect(system[4]).toEqual({
      extension: 'system',
      status: 'error',
      message: 'The token provided is not a valid JWT',
      channel: 'refresh',
    })
    await client.frame((f) => f[3] === 'phx_close')
    // Nothing answered the unknown event.
    expect(
      client.received.items.filter((r) => (r.message as Frame)[3] === 'phx_reply')
    ).toHaveLength(1)
    client.close()
  })

  it('answers a channel failure with phx_error and keeps the connection', async () => {
    const client = await connect()
    const { joinRef } = await client.join('realtime:fragile', { config: {} })
    // Nested deeper than the server can serialize: the channel fails, the socket lives on.
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    client.sendText(
      `["${joinRef}","9","realtime:fragile","broadcast",{"type":"broadcast","event":"x","payload":${deep}}]`
    )
    expect(await client.frame((f) => f[3] === 'phx_error')).toEqual([
      joinRef,
      joinRef,
      'realtime:fragile',
      'phx_error',
      {},
    ])
    const ref = client.push(null, 'phoenix', 'heartbeat', {})
    expect((await client.reply(ref))[4]).toEqual({ status: 'ok', response: {} })
    expect(((await client.join('realtime:fragile')).reply[4] as { status: string }).status).toBe(
      'ok'
    )
    client.close()
  })

  it('refuses broadcast payloads over the tenant limit', async () => {
    const client = await connect()
    const { joinRef } = await client.join('realtime:big', { config: { broadcast: { ack: true } } })
    const ref = client.push(joinRef, 'realtime:big', 'broadcast', {
      type: 'broadcast',
      event: 'x',
      payload: { data: 'x'.repeat(2000) },
    })
    expect((await client.reply(ref))[4]).toEqual({
      status: 'error',
      response: { error: 'payload_size_exceeded' },
    })
    client.close()
  })

  it('closes connections sending frames over 5 MB', async () => {
    const client = await connect()
    client.sendText(
      JSON.stringify([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(5_100_000) }])
    )
    expect((await client.closed).code).toBe(1009)
  })

  it('speaks the vsn 1.0.0 JSON objects', async () => {
    const client = await connect(stack.anonKey, '1.0.0')
    client.sendText(
      JSON.stringify({
        topic: 'realtime:v1',
        event: 'phx_join',
        payload: { config: {} },
        ref: '1',
        join_ref: '1',
      })
    )
    const reply = await client.received.until((items) =>
      items.some((r) => (r.message as { event?: string }).event === 'phx_reply')
    )
    expect(reply[0]?.message).toEqual({
      topic: 'realtime:v1',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '1',
      join_ref: '1',
    })
    client.close()
  })
})

describe('joining, on a stack that limits joins per second (TENANT_MAX_JOINS_PER_SECOND)', () => {
  let limited: TestStack

  beforeAll(async () => {
    limited = await stackWith({ ...BACKOFFS, TENANT_MAX_JOINS_PER_SECOND: '2' })
  })

  afterAll(async () => {
    await limited?.stop()
  })

  it('limits joins per second and disconnects the socket over the limit', async () => {
    const client = await RawClient.connect(socketUrl(limited.url, limited.anonKey))
    const replies: Frame[] = []
    for (const name of ['a', 'b', 'c']) replies.push((await client.join(`realtime:${name}`)).reply)
    expect(replies.slice(0, 2).map((r) => (r[4] as { status: string }).status)).toEqual([
      'ok',
      'ok',
    ])
    expect(replies[2]?.[4]).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    })
    await client.closed
  })
})
