// Raw uploads as a client sends them over node:http (the body in pieces, on a connection of the
// caller's choosing), and the wait for Storage's temporary upload folder to empty after a
// refusal. Shared by upload-overlap.test.ts and bad-input-support.ts.
import { request as httpRequest } from 'node:http'
import type { Agent } from 'node:http'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { TestStack } from '../support/stack.ts'

export interface RawAnswer {
  status: number
  /** The JSON body, or null when there is none. */
  body: unknown
  reusedSocket: boolean
}

export interface RawPost {
  /** The bearer token (the apikey is the anon key). */
  token: string
  pieces: Buffer[]
  /** Over the default content-type (application/octet-stream); a content-length ends chunking. */
  headers?: Record<string, string>
  /** The connection: Node's global agent when omitted, one of its own with false. */
  agent?: Agent | false
  /** Sends only the first piece before the answer arrives, the rest after it. */
  lateRest?: boolean
}

/** POSTs a raw body to /storage/v1/object/<objectPath>, chunked unless a length is given. */
export function rawPost(
  stack: TestStack,
  objectPath: string,
  { token, pieces, headers = {}, agent, lateRest = false }: RawPost
): Promise<RawAnswer> {
  const url = new URL(stack.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        agent,
        method: 'POST',
        path: `/storage/v1/object/${objectPath}`,
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          ...headers,
        },
      },
      (res) => {
        if (lateRest) {
          for (const piece of pieces.slice(1)) req.write(piece)
          req.end()
        }
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
            reusedSocket: req.reusedSocket,
          })
        )
      }
    )
    req.on('error', reject)
    if (lateRest) {
      req.write(pieces[0] ?? Buffer.alloc(0))
      return
    }
    for (const piece of pieces) req.write(piece)
    req.end()
  })
}

/** Waits (up to ten seconds on a busy machine) for the server to clean up after a failed upload. */
export async function tmpIsEmpty(stack: TestStack): Promise<boolean> {
  for (let i = 0; i < 500; i++) {
    const left = await readdir(path.join(stack.context.dataDir, 'storage', 'tmp'))
    if (left.length === 0) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return false
}
