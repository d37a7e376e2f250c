// The storage benchmark's transfers with Node's own HTTP client (no undici): a file streamed up as
// a POST's body or a GET's body streamed down to a file, to the stack's Storage or to the bare
// server, as the service role.
import { createReadStream, createWriteStream } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

// The Supabase CLI's well-known local service_role key (default JWT secret).
export const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

/** The same transfers with Node's own HTTP client: the server's share without undici's. */
export function rawTransfer(
  port: number,
  method: 'POST' | 'GET',
  objectPath: string,
  file: string,
  size: number
): Promise<void> {
  return httpTransfer(port, method, `/storage/v1/object/bench/${encodeURI(objectPath)}`, file, size)
}

export function httpTransfer(
  port: number,
  method: 'POST' | 'GET',
  urlPath: string,
  file: string,
  size: number
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: {
          apikey: SERVICE_KEY,
          authorization: `Bearer ${SERVICE_KEY}`,
          ...(method === 'POST'
            ? {
                'content-type': 'application/octet-stream',
                'content-length': String(size),
                'x-upsert': 'true',
              }
            : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume()
          return reject(new Error(`${method} ${urlPath}: HTTP ${res.statusCode}`))
        }
        const sink =
          method === 'GET' ? createWriteStream(file) : new Writable({ write: (_c, _e, cb) => cb() })
        pipeline(res, sink).then(resolve, reject)
      }
    )
    req.on('error', reject)
    if (method === 'POST') pipeline(createReadStream(file), req).catch(reject)
    else req.end()
  })
}
