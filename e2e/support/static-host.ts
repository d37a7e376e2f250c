// A plain static file host for the hosted-like arrangement, as a team would put the built app on
// any static host (Netlify, S3, nginx): the files as they are, with the deploy's rules (every path
// that is not a file opens index.html; hashed assets cached for a year, the rest revalidated) and
// nothing else: no API behind it, on an origin of its own.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
}

async function fileAt(root: string, pathname: string): Promise<string | null> {
  const file = path.join(root, path.normalize(decodeURIComponent(pathname)))
  if (!file.startsWith(root + path.sep)) return null
  const info = await stat(file).catch(() => null)
  return info?.isFile() ? file : null
}

/** Serves `root` on 127.0.0.1:`port`; resolves once it listens. */
export async function startStaticHost(root: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = new URL(request.url ?? '/', 'http://host').pathname
      const file = (await fileAt(root, pathname)) ?? path.join(root, 'index.html')
      const immutable = pathname.startsWith('/assets/') && file !== path.join(root, 'index.html')
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      if (request.method === 'HEAD') return void response.end()
      createReadStream(file).pipe(response)
    })().catch(() => {
      response.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return server
}
