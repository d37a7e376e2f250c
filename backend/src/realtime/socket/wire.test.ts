// The frames wire.ts encodes, written straight to a server socket, as a real `ws` client reads
// them: every length form (7, 16 and 64 bits, at their edges), text and binary.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { wireFrame } from './wire.ts'

const http = createServer()
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false })
let serverSocket: Duplex
let client: WebSocket
const received: { data: Buffer; binary: boolean }[] = []
let onReceived = () => {}

beforeAll(async () => {
  const upgraded = new Promise<void>((resolve) => {
    http.on('upgrade', (request, socket, head) => {
      wss.handleUpgrade(request, socket, head, () => {
        serverSocket = socket
        resolve()
      })
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  client = new WebSocket(`ws://127.0.0.1:${port}`)
  client.on('message', (data, binary) => {
    received.push({ data: data as Buffer, binary })
    onReceived()
  })
  await Promise.all([upgraded, new Promise((resolve) => client.once('open', resolve))])
})

afterAll(async () => {
  client.terminate()
  await new Promise((resolve) => http.close(resolve))
})

function nextMessage(): Promise<{ data: Buffer; binary: boolean }> {
  return new Promise((resolve) => {
    onReceived = () => resolve(received.shift() as { data: Buffer; binary: boolean })
  })
}

describe('wireFrame', () => {
  const lengths = [0, 1, 125, 126, 127, 65535, 65536, 200_000]
  for (const length of lengths) {
    for (const binary of [false, true]) {
      it(`${binary ? 'binary' : 'text'} of ${length} bytes reads back the same`, async () => {
        const payload = Buffer.alloc(length, binary ? 0xab : 'x'.charCodeAt(0))
        const next = nextMessage()
        serverSocket.write(wireFrame(payload, binary))
        const message = await next
        expect(message.binary).toBe(binary)
        expect(message.data.equals(payload)).toBe(true)
      })
    }
  }

  it('a UTF-8 text frame carries its bytes, not its characters, as the length', async () => {
    const payload = Buffer.from('مرحبا 👋 '.repeat(30), 'utf8')
    const next = nextMessage()
    serverSocket.write(wireFrame(payload, false))
    expect((await next).data.toString('utf8')).toBe('مرحبا 👋 '.repeat(30))
  })
})
