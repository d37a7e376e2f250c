// A local HTTP server standing in for an app that receives Chorus's outgoing events: it records
// every request (path, headers, raw body) and answers as its path's behaviour says, so one server
// plays every receiver of events*.test.ts and the e2e spec. Paths (the part after the
// first segment is free, so each subscription can have a URL of its own):
//   /ok/...       echoes a url_verification challenge, answers 200 to events
//   /wrong/...    answers a challenge with something else
//   /flaky-N/...  answers 500 to the first N events, then 200
//   /slow-N/...   never answers the first N events (the sender times out), then 200
//   /fail/...     answers 500 to every event
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
  json: Record<string, unknown>
}

export interface Receiver {
  url: string
  received: Received[]
  /** The requests whose path starts with the prefix. */
  at(prefix: string): Received[]
  close(): Promise<void>
}

/** Whether the request carries Slack's v0 signature of its body with this secret. */
export function signatureValid(r: Received, secret: string): boolean {
  const ts = String(r.headers['x-slack-request-timestamp'] ?? '')
  const given = String(r.headers['x-slack-signature'] ?? '')
  const expected = `v0=${createHmac('sha256', secret).update(`v0:${ts}:${r.body}`).digest('hex')}`
  return (
    /^\d+$/.test(ts) &&
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  )
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const counts = new Map<string, number>()
  const hung: ServerResponse[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let json: Record<string, unknown> = {}
      try {
        json = JSON.parse(body) as Record<string, unknown>
      } catch {
        // recorded as is
      }
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body, json })
      const kind = path.split('/')[1] ?? ''
      if (json.type === 'url_verification') {
        const answer = kind === 'wrong' ? 'not-the-challenge' : String(json.challenge)
        response.writeHead(200, { 'Content-Type': 'text/plain' }).end(answer)
        return
      }
      const seen = (counts.get(path) ?? 0) + 1
      counts.set(path, seen)
      const limit = Number(/-(\d+)$/.exec(kind)?.[1] ?? '0')
      if (kind === 'fail' || (kind.startsWith('flaky-') && seen <= limit)) {
        response.writeHead(500).end('broken')
      } else if (kind.startsWith('slow-') && seen <= limit) {
        hung.push(response)
      } else {
        response.writeHead(200).end('')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    at: (prefix) => received.filter((r) => r.path.startsWith(prefix)),
    close: async () => {
      for (const r of hung) r.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
