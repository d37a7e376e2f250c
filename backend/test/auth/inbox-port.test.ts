// The mail inbox holds every recovery and invitation link the stack sends, so it is never served
// on the API port (with or without keys, with or without --strict-keys): it has a port of its own
// ([inbucket] port, as Mailpit's in the Supabase CLI), on the loopback interface unless
// configured otherwise, answering loopback host names only.
import { request } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInbox } from '../../src/auth/inbox/server.ts'
import { createLogger } from '../../src/logger.ts'
import { startTestStack } from '../support/stack.ts'
import { authConfig, inboxFor, inboxUrl, uniqueEmail } from './support.ts'
import type { TestStack } from './support.ts'

const NO_ROUTE = { message: 'no Route matched with those values' }

let stack: TestStack
let strict: TestStack
let email: string
let messageId: string

beforeAll(async () => {
  ;[stack, strict] = await Promise.all([
    startTestStack({ config: authConfig() }),
    startTestStack({ config: authConfig(), strictKeys: true }),
  ])
  // An invitation: whoever reads it can accept it as this person.
  email = uniqueEmail('inbox-port')
  const { error } = await stack.client(stack.serviceRoleKey).auth.admin.inviteUserByEmail(email)
  expect(error).toBeNull()
  const mails = await inboxFor(stack, email)
  expect(mails.length).toBeGreaterThan(0)
  messageId = mails[0]!.ID
})

afterAll(async () => {
  await Promise.all([stack?.stop(), strict?.stop()])
})

/** Every inbox path, as the API port's /inbox served them before. */
const inboxPaths = () => [
  '/inbox',
  '/inbox/',
  `/inbox/messages/${messageId}`,
  `/inbox/messages/${messageId}/html`,
  '/inbox/api/v1/messages',
  `/inbox/api/v1/message/${messageId}`,
  `/inbox/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`,
]

describe('the API port', () => {
  it('answers every inbox path with the gateway 404, with no key, the anon key or the service key', async () => {
    const keys = [undefined, stack.anonKey, stack.serviceRoleKey]
    for (const path of inboxPaths()) {
      for (const key of keys) {
        const headers: Record<string, string> = key
          ? { apikey: key, authorization: `Bearer ${key}` }
          : {}
        const response = await fetch(`${stack.url}${path}`, { headers })
        expect(response.status, `${path} ${key ? 'with' : 'without'} a key`).toBe(404)
        expect(await response.json()).toEqual(NO_ROUTE)
      }
    }
  })

  it('does not delete messages through /inbox', async () => {
    const response = await fetch(`${stack.url}/inbox/api/v1/messages`, { method: 'DELETE' })
    expect(response.status).toBe(404)
    expect((await inboxFor(stack, email)).length).toBeGreaterThan(0)
  })

  it('answers the same 404 under --strict-keys, with or without a key', async () => {
    for (const key of [undefined, strict.serviceRoleKey]) {
      const headers: Record<string, string> = key ? { apikey: key } : {}
      for (const path of ['/inbox', '/inbox/api/v1/messages', '/inbox/api/v1/search?query=x']) {
        const response = await fetch(`${strict.url}${path}`, { headers })
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual(NO_ROUTE)
      }
    }
  })
})

describe('the inbox port', () => {
  it('is not the API port, and serves the messages at Mailpit paths', async () => {
    const inbox = new URL(inboxUrl(stack))
    expect(inbox.hostname).toBe('127.0.0.1')
    expect(inbox.port).not.toBe(new URL(stack.url).port)
    const message = await fetch(`${inbox.origin}/api/v1/message/${messageId}`)
    expect(message.status).toBe(200)
    expect(await message.json()).toMatchObject({ ID: messageId, To: [{ Address: email }] })
    const page = await fetch(`${inbox.origin}/`)
    expect(await page.text()).toContain(email)
  })

  it('does not serve the API', async () => {
    const response = await fetch(`${inboxUrl(stack)}/auth/v1/health`)
    expect(response.status).toBe(404)
  })

  it('answers loopback host names only (no DNS rebinding)', async () => {
    const port = Number(new URL(inboxUrl(stack)).port)
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect(await statusWithHost(port, host)).toBe(200)
    }
    for (const host of [`evil.example:${port}`, 'evil.example', `192.0.2.10:${port}`]) {
      expect(await statusWithHost(port, host)).toBe(403)
    }
  })
})

describe('the interface the inbox listens on', () => {
  const dirs: string[] = []
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })
  const start = async (host?: string) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'inbox-'))
    dirs.push(dataDir)
    return startInbox({ dataDir, port: 0, host, log: createLogger('error') })
  }

  it("is 127.0.0.1 only by default: the stack's inbox refuses connections on other addresses", async () => {
    const port = Number(new URL(inboxUrl(stack)).port)
    expect(await reachable('127.0.0.1', port)).toBe(true)
    for (const address of otherAddresses()) expect(await reachable(address, port)).toBe(false)
  })

  it('listens on another interface only when configured to', async () => {
    const loopback = await start()
    const wide = await start('0.0.0.0')
    try {
      const loopbackPort = Number(new URL(loopback.url).port)
      const widePort = Number(new URL(wide.url).port)
      expect(loopback.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      for (const address of otherAddresses()) {
        expect(await reachable(address, loopbackPort)).toBe(false)
        expect(await reachable(address, widePort)).toBe(true)
      }
    } finally {
      await Promise.all([loopback.close(), wide.close()])
    }
  })
})

describe('[inbucket] enabled = false', () => {
  it('serves no inbox at all', async () => {
    const off = await startTestStack({ config: authConfig('', '', '[inbucket]\nenabled = false') })
    try {
      expect(off.inboxUrl).toBeNull()
      const response = await fetch(`${off.url}/inbox/api/v1/messages`)
      expect(response.status).toBe(404)
    } finally {
      await off.stop()
    }
  })
})

/** Addresses of this machine other than 127.0.0.1: its network interfaces and 127.0.0.2. */
function otherAddresses(): string[] {
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => i!.address)
  return [...external, '127.0.0.2']
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    socket.setTimeout(2000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

function statusWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/v1/messages', headers: { host } },
      (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      }
    )
    req.once('error', reject)
    req.end()
  })
}
