// A plain static file host for the hosted-like arrangement, as a team would put the built app on
// any static host (Netlify, S3, nginx): the files as they are, with the deploy's rules (every path
// that is not a file opens index.html; hashed assets cached for a year, the rest revalidated; the
// headers of its `_headers`, as Netlify and Cloudflare Pages apply them: each rule whose path
// matches the request's, a trailing * any rest, so the security headers of `/*` on every answer)
// and nothing else: no API behind it, on an origin of its own.
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
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

/** `_headers` as rules: a path (its trailing * any rest) and the headers it adds. */
export function headerRules(text: string): { path: string; headers: [string, string][] }[] {
  const rules: { path: string; headers: [string, string][] }[] = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: [] })
    else {
      const at = line.indexOf(':')
      rules.at(-1)?.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()])
    }
  }
  return rules
}

function headersFor(rules: ReturnType<typeof headerRules>, pathname: string) {
  const headers: Record<string, string> = {}
  for (const rule of rules) {
    const matches = rule.path.endsWith('*')
      ? pathname.startsWith(rule.path.slice(0, -1))
      : pathname === rule.path
    if (matches) for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value
  }
  return headers
}

/** Serves `root` on 127.0.0.1:`port`; resolves once it listens. */
export async function startStaticHost(root: string, port: number): Promise<Server> {
  const rules = headerRules(await readFile(path.join(root, '_headers'), 'utf8').catch(() => ''))
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = new URL(request.url ?? '/', 'http://host').pathname
      const file = (await fileAt(root, pathname)) ?? path.join(root, 'index.html')
      const immutable = pathname.startsWith('/assets/') && file !== path.join(root, 'index.html')
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...headersFor(rules, pathname),
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
