// The loopback test setting of functions/_shared/safe-fetch.ts as Edge Functions see it: a
// function of a local stack (`start`) given CHORUS_OUTBOUND_ALLOW_LOOPBACK=1 reaches a test
// server on 127.0.0.1; the same function with the same secret in production mode (`serve`) is
// refused, and so is a function on a local stack without the setting; the operator's allowance
// (CHORUS_OUTBOUND_ALLOW, a function secret) opens the address it names under serve. One stack at a time: the
// function runtime's environment belongs to the process.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServeTest } from '../../backend/test/support/serve.ts'
import { startTestStack } from '../../backend/test/support/stack.ts'
import { startOutboundServer } from './support/outbound-server.ts'
import type { OutboundServer } from './support/outbound-server.ts'

const SHARED = path.resolve(import.meta.dirname, '../functions/_shared')

/** A function that fetches the URL it is given through safeFetch and says what happened. */
const PROBE = `
import { loopbackAllowed, safeFetch } from '../_shared/safe-fetch.ts'
Deno.serve(async (request) => {
  const { url } = await request.json()
  const mode = Deno.env.get('CHORUS_STACK_MODE')
  const local = new URL(Deno.env.get('SUPABASE_URL')).hostname
  try {
    const response = await safeFetch(url)
    return Response.json({ mode, local, allowed: loopbackAllowed(), status: response.status })
  } catch (error) {
    return Response.json({ mode, local, allowed: loopbackAllowed(), code: error.code, message: error.message })
  }
})
`

interface Probe {
  mode: string
  /** SUPABASE_URL's host */
  local: string
  allowed: boolean
  status?: number
  code?: string
}

let site: OutboundServer
let files: Record<string, string>

async function probe(apiUrl: string, target: string): Promise<Probe> {
  const response = await fetch(`${apiUrl}/functions/v1/probe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: target }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Probe
}

const SECRET = '[edge_runtime.secrets]\nCHORUS_OUTBOUND_ALLOW_LOOPBACK = "1"\n'
const KEYLESS = '[functions.probe]\nverify_jwt = false\n'

beforeAll(async () => {
  site = await startOutboundServer()
  site.route('/hello', (_q, r) => r.writeHead(200, { 'Content-Type': 'text/plain' }).end('hi'))
  // The probe with safeFetch and every module beside it in _shared/ (what it imports).
  files = { 'functions/probe/index.ts': PROBE }
  for (const name of await readdir(SHARED)) {
    if (name.endsWith('.ts'))
      files[`functions/_shared/${name}`] = await readFile(path.join(SHARED, name), 'utf8')
  }
})

afterAll(async () => {
  await site?.close()
})

describe('the loopback test setting', () => {
  it('lets a local stack (start) with the setting reach a loopback test server', async () => {
    const stack = await startTestStack({
      config: `project_id = "probe"\n${KEYLESS}${SECRET}`,
      files,
    })
    try {
      const seen = await probe(stack.url, `${site.origin}/hello`)
      expect(seen).toEqual({ mode: 'start', local: '127.0.0.1', allowed: true, status: 200 })
      expect(site.received.map((r) => r.path)).toEqual(['/hello'])
    } finally {
      await stack.stop()
    }
  })

  it('is ignored by a local stack without the setting', async () => {
    site.received.length = 0
    const stack = await startTestStack({ config: `project_id = "probe"\n${KEYLESS}`, files })
    try {
      const seen = await probe(stack.url, `${site.origin}/hello`)
      expect(seen).toMatchObject({ mode: 'start', allowed: false, code: 'blocked_address' })
      expect(site.received).toHaveLength(0)
    } finally {
      await stack.stop()
    }
  })

  it('is refused in production mode (serve), the same secret given', async () => {
    site.received.length = 0
    const serve = await startServeTest({ config: `${KEYLESS}${SECRET}`, files })
    try {
      const seen = await probe(serve.url, `${site.origin}/hello`)
      // SUPABASE_URL is a loopback URL there too: the mode alone refuses it
      expect(seen).toMatchObject({
        mode: 'serve',
        local: '127.0.0.1',
        allowed: false,
        code: 'blocked_address',
      })
      expect(site.received).toHaveLength(0)
    } finally {
      await serve.stop()
    }
  })
})

describe("the operator's allowance (CHORUS_OUTBOUND_ALLOW)", () => {
  it('lets production mode (serve) reach the address and port it names, and no other', async () => {
    site.received.length = 0
    const allow = `[edge_runtime.secrets]\nCHORUS_OUTBOUND_ALLOW = "127.0.0.1:${site.port}"\n`
    const serve = await startServeTest({ config: `${KEYLESS}${allow}`, files })
    try {
      const seen = await probe(serve.url, `${site.origin}/hello`)
      expect(seen).toEqual({ mode: 'serve', local: '127.0.0.1', allowed: false, status: 200 })
      expect(site.received.map((r) => r.path)).toEqual(['/hello'])
      const other = await probe(serve.url, `http://127.0.0.2:${site.port}/hello`)
      expect(other).toMatchObject({ code: 'blocked_address' })
      expect(site.received).toHaveLength(1)
    } finally {
      await serve.stop()
    }
  })
})
