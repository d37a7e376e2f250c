// How other commands reach the running `start` process: a small HTTP server on 127.0.0.1 with a
// random token, both written to <data dir>/control.json (mode 0600, removed at stop). A request
// streams its progress back as lines of text; the last line is `ok` or `error: <message>`.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/** An operation of the running stack; `say` streams a progress line to the caller. */
export type ControlHandler = (say: (line: string) => void, params: URLSearchParams) => Promise<void>

export interface ControlServer {
  close(): Promise<void>
}

interface ControlFile {
  pid: number
  url: string
  token: string
}

export async function serveControl(
  dataDir: string,
  handlers: Record<string, ControlHandler>
): Promise<ControlServer> {
  const token = randomBytes(24).toString('hex')
  let busy = false
  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://control')
    const name = target.pathname.slice(1)
    const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined
    if (request.method !== 'POST' || !handler) {
      response.writeHead(404).end()
      return
    }
    const given = Buffer.from(request.headers.authorization ?? '')
    const expected = Buffer.from(`Bearer ${token}`)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response.writeHead(401).end()
      return
    }
    if (busy) {
      response
        .writeHead(409, { 'content-type': 'text/plain' })
        .end('error: busy with another command\n')
      return
    }
    busy = true
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
    handler((line) => response.write(`${line.replace(/\n/g, ' ')}\n`), target.searchParams).then(
      () => response.end('ok\n'),
      (error: unknown) => response.end(`error: ${(error as Error).message ?? String(error)}\n`)
    )
    response.on('close', () => (busy = false))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const file = path.join(dataDir, 'control.json')
  const state: ControlFile = { pid: process.pid, url, token }
  await writeFile(file, JSON.stringify(state), { mode: 0o600 })
  return {
    close: async () => {
      await rm(file, { force: true })
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/**
 * Asks the running stack to run an operation; progress lines go to `say`. Returns null when it
 * succeeded, else the error message; throws when no running stack answers.
 */
export async function callControl(
  dataDir: string,
  name: string,
  params: Record<string, string>,
  say: (line: string) => void
): Promise<string | null> {
  const state = JSON.parse(
    await readFile(path.join(dataDir, 'control.json'), 'utf8')
  ) as ControlFile
  const response = await fetch(`${state.url}/${name}?${new URLSearchParams(params)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${state.token}` },
  })
  if (!response.body) throw new Error(`the running stack answered ${response.status}`)
  const decoder = new TextDecoder()
  let pending = ''
  let last = ''
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk as Uint8Array, { stream: true })
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      if (line === 'ok' || line.startsWith('error: ')) last = line
      else say(line)
    }
  }
  if (pending) last = pending
  if (last === 'ok') return null
  return last.startsWith('error: ')
    ? last.slice('error: '.length)
    : 'the running stack stopped answering'
}
