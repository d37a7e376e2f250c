// Edge functions at /functions/v1, called through supabase-js as an app calls them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'

let stack: TestStack

beforeAll(async () => {
  process.env.FNS_TEST_FROM_SHELL = 'from the shell'
  stack = await startTestStack({
    config: `project_id = "fns"
[functions.open]
verify_jwt = false
[functions.env]
verify_jwt = false
[edge_runtime.secrets]
FROM_CONFIG = "config"
BOTH = "config"
REFERENCED = "env(FNS_TEST_FROM_SHELL)"
SUPABASE_URL = "http://not-the-runtime"
`,
    files: {
      'functions/.env':
        'BOTH=file\nFROM_FILE="a file value"\n# a comment\nSUPABASE_ANON_KEY=nope\n',
      'functions/env/index.ts': `
        export default (request: Request) => {
          const names = new URL(request.url).searchParams.getAll('name')
          return Response.json(Object.fromEntries(names.map((n) => [n, Deno.env.get(n) ?? null])))
        }
      `,
      'functions/hello/index.ts': `
        Deno.serve(async (request: Request) => {
          const { name } = await request.json()
          const body = { message: 'Hello ' + name, auth: request.headers.get('authorization') !== null, url: Deno.env.get('SUPABASE_URL') }
          return new Response(JSON.stringify(body), {
            headers: { 'Content-Type': 'application/json' },
          })
        })
      `,
      'functions/open/index.ts': `
        export default (request: Request) => new Response('open ' + new URL(request.url).pathname)
      `,
      'functions/broken/index.ts': `
        export default () => { throw new Error('boom') }
      `,
    },
  })
})

afterAll(async () => {
  await stack?.stop()
})

describe('functions', () => {
  it("reads secrets from [edge_runtime.secrets] and functions/.env (the file's win), never SUPABASE_ ones", async () => {
    const names = ['FROM_CONFIG', 'FROM_FILE', 'BOTH', 'REFERENCED', 'SUPABASE_URL']
    names.push('SUPABASE_ANON_KEY', 'NOT_SET_ANYWHERE')
    const query = names.map((n) => `name=${n}`).join('&')
    const response = await fetch(`${stack.url}/functions/v1/env?${query}`)
    expect(await response.json()).toEqual({
      FROM_CONFIG: 'config',
      FROM_FILE: 'a file value',
      BOTH: 'file',
      REFERENCED: 'from the shell',
      SUPABASE_URL: stack.url,
      SUPABASE_ANON_KEY: stack.anonKey,
      NOT_SET_ANYWHERE: null,
    })
  })

  it('invokes a Deno.serve function with a JSON body through supabase-js', async () => {
    const { data, error } = await stack
      .client()
      .functions.invoke('hello', { body: { name: 'Ada' } })
    expect(error).toBeNull()
    expect(data).toEqual({ message: 'Hello Ada', auth: true, url: stack.url })
  })

  it('verifies the JWT unless verify_jwt is off', async () => {
    const missing = await fetch(`${stack.url}/functions/v1/hello`, { method: 'POST', body: '{}' })
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' })

    const bad = await fetch(`${stack.url}/functions/v1/hello`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt' },
      body: '{}',
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ msg: 'Invalid JWT' })

    const open = await fetch(`${stack.url}/functions/v1/open/sub/path`)
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('open /open/sub/path')
  })

  it('answers unknown functions and failing functions as the edge runtime does', async () => {
    const unknown = await fetch(`${stack.url}/functions/v1/nope`, {
      headers: { authorization: `Bearer ${stack.anonKey}` },
    })
    expect(unknown.status).toBe(404)
    const broken = await fetch(`${stack.url}/functions/v1/broken`, {
      headers: { authorization: `Bearer ${stack.anonKey}` },
    })
    expect(broken.status).toBe(500)
    expect(await broken.json()).toMatchObject({ code: 'WORKER_ERROR' })
  })
})
