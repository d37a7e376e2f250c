// The floor under the Storage figures: a bare node:http server that streams an upload's body to a
// new file and answers, and streams a file back, with no authentication, database, hash or
// framework. Run by run.ts in a process of its own; prints its port.
//   node --import tsx bench/storage/bare-server.ts <folder>
import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

const folder = process.argv[2]
if (!folder) throw new Error('usage: bare-server.ts <folder>')

const server = createServer((request, response) => {
  const file = path.join(folder, encodeURIComponent(request.url ?? '/'))
  const answer = async () => {
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
server.listen(0, '127.0.0.1', () => {
  console.log((server.address() as AddressInfo).port)
})
