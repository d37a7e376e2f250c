// The broadcast baseline: a bare `ws` server that sends every frame it receives to every other
// socket, with no protocol, no topics, no checks. The floor of what fan-out costs on this machine.
//   node --import tsx bench/realtime/baseline-ws-server.ts   (prints its port)
import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'

const sockets = new Set<WebSocket>()
const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false })
server.on('connection', (ws) => {
  sockets.add(ws)
  ws.on('close', () => sockets.delete(ws))
  ws.on('message', (data, isBinary) => {
    for (const other of sockets) if (other !== ws) other.send(data, { binary: isBinary })
  })
})
server.on('listening', () => {
  const address = server.address()
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
