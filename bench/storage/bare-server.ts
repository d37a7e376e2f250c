// The floor under the Storage figures: a bare node:http server that streams an upload's body to a
// new file and answers, and streams a file back, with no authentication, database, hash or
// framework. Under /tus it speaks as little of tus as tus-js-client needs (POST creates an
// empty file, PATCH appends its body at Upload-Offset and answers once it is written, as the
// stack's resumable uploads and Storage's own file store do): the floor under resumable.ts. Run
// by run.ts and resumable.ts in a process of its own; prints its port.
//   node --import tsx bench/storage/bare-server.ts <folder>
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

const folder = process.argv[2]
if (!folder) throw new Error('usage: bare-server.ts <folder>')

const server = createServer((request, response) => {
  const file = path.join(folder, encodeURIComponent(request.url ?? '/'))
  const answer = async () => {
    if (request.url?.startsWith('/tus')) return tus(request, response)
    if (request.method === 'POST') {
      await pipeline(request, createWriteStream(file))
      response.setHeader('content-type', 'application/json')
      response.end('{}')
      return
    }
    const { size } = await stat(file)
    response.setHeader('content-length', String(size))
    await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), response)
  }
  answer().catch(() => {
    if (!response.headersSent) response.statusCode = 500
    response.end()
  })
})
/** POST /tus: a new empty file at /tus/<id>; PATCH /tus/<id>: the body appended. */
async function tus(request: IncomingMessage, response: ServerResponse): Promise<void> {
  response.setHeader('tus-resumable', '1.0.0')
  if (request.method === 'POST') {
    const id = randomUUID()
    await writeFile(path.join(folder!, id), '')
    response.writeHead(201, { location: `/tus/${id}` }).end()
    return
  }
  const id = (request.url ?? '').slice('/tus/'.length)
  if (request.method !== 'PATCH' || !/^[0-9a-f-]{36}$/.test(id)) {
    response.writeHead(404).end()
    return
  }
  const handle = await open(path.join(folder!, id), 'r+')
  let offset = Number(request.headers['upload-offset'])
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      await handle.write(chunk, 0, chunk.length, offset)
      offset += chunk.length
    }
  } finally {
    await handle.close()
  }
  response.writeHead(204, { 'upload-offset': String(offset) }).end()
}

server.listen(0, '127.0.0.1', () => {
  console.log((server.address() as AddressInfo).port)
})
