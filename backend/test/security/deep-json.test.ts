// Deeply nested JSON (issue 14, finding 4): a body of ~20,000 levels made Auth answer 500
// (RangeError in auth/params.ts) and Realtime's broadcast API too. Every service now refuses
// nesting beyond MAX_JSON_DEPTH before walking the body, each in its own format, and takes a
// body just within it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH } from '../../src/http/json-limits.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let stack: TestStack

const array = (n: number) => '['.repeat(n) + '1' + ']'.repeat(n)
const object = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)
const DEEP = 20_000

beforeAll(async () => {
  stack = await startTestStack({
    config: 'project_id = "deep"\n[auth.email]\nenable_confirmations = false\n',
    files: {
      'functions/echo/index.ts': `export default async (r: Request) => new Response(typeof (await r.json()))`,
    },
    migrations: {
      '20240101000000_bucket.sql': "insert into storage.buckets (id, name) values ('b', 'b');",
    },
  })
})

afterAll(async () => {
  await stack?.stop()
})

async function post(path: string, body: string) {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: {
      apikey: stack.serviceRoleKey,
      authorization: `Bearer ${stack.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body,
  })
  const text = await response.text()
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) }
}

describe('deeply nested JSON bodies', () => {
  it('Auth answers 400 bad_json as GoTrue beyond its depth, on /signup, /token and /verify', async () => {
    const refusal = (char: string) => ({
      status: 400,
      body: {
        code: 400,
        error_code: 'bad_json',
        msg: `Could not parse request body as JSON: invalid character '${char}' exceeded max depth`,
      },
    })
    const signup = `{"email":"deep@example.com","password":"secret-pass-1","data":${object(DEEP)}}`
    expect(await post('/auth/v1/signup', signup)).toEqual(refusal('{'))
    expect(await post('/auth/v1/token?grant_type=password', array(DEEP))).toEqual(refusal('['))
    expect(await post('/auth/v1/verify', array(DEEP))).toEqual(refusal('['))
    // Just within the bound, the metadata is stored and given back.
    const within = `{"email":"within@example.com","password":"secret-pass-1","data":${object(MAX_JSON_DEPTH - 1)}}`
    const created = await post('/auth/v1/signup', within)
    expect(created.status).toBe(200)
    const metadata = (created.body as { user: { user_metadata: { a: unknown } } }).user
      .user_metadata
    expect(JSON.stringify(metadata.a) === object(MAX_JSON_DEPTH - 2)).toBe(true)
  })

  it('Storage refuses it on its JSON routes with InvalidRequest', async () => {
    const refusal = {
      status: 400,
      body: {
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'Bad Request',
        message: `JSON nesting exceeds ${MAX_JSON_DEPTH} levels`,
      },
    }
    expect(await post('/storage/v1/object/list/b', `{"prefix":"","x":${array(DEEP)}}`)).toEqual(
      refusal
    )
    expect(await post('/storage/v1/bucket', `{"name":"c","x":${array(DEEP)}}`)).toEqual(refusal)
    expect(
      await post('/storage/v1/object/sign/b', `{"expiresIn":60,"paths":["a"],"x":${array(DEEP)}}`)
    ).toEqual(refusal)
    expect(
      await post('/storage/v1/object/list/b', `{"prefix":"","x":${array(MAX_JSON_DEPTH - 1)}}`)
    ).toEqual({ status: 200, body: [] })
  })

  it("Realtime's broadcast API refuses it as Phoenix refuses a body it cannot parse", async () => {
    const batch = (payload: string) =>
      `{"messages":[{"topic":"t","event":"e","payload":${payload}}]}`
    expect(await post('/realtime/v1/api/broadcast', batch(`{"x":${array(DEEP)}}`))).toEqual({
      status: 400,
      body: 'Bad Request',
    })
    expect(await post('/realtime/v1/api/broadcast/t/events/e', object(DEEP))).toEqual({
      status: 400,
      body: 'Bad Request',
    })
    expect(await post('/realtime/v1/api/broadcast', batch(object(MAX_JSON_DEPTH - 3)))).toEqual({
      status: 202,
      body: null,
    })
    expect(await post('/realtime/v1/api/broadcast/t/events/e', object(MAX_JSON_DEPTH))).toEqual({
      status: 202,
      body: null,
    })
  })

  it('passes the body to a function untouched: the function parses it itself', async () => {
    const response = await fetch(`${stack.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: array(DEEP),
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('object')
  })
})
