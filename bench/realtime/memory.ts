// Resident memory of the stack with N idle WebSocket connections, each a distinct user joined
// to a channel and heartbeating as realtime-js does; against the same stack with none.
import { randomUUID } from 'node:crypto'
import { BenchClient, paced, socketUrl, userToken } from './clients.ts'
import type { StackInfo } from './clients.ts'
import { rssMb, treeMemory } from './stats.ts'

interface Snapshot {
  nodeRss: number
  treePss: number
}

async function snapshot(pid: number): Promise<Snapshot> {
  return { nodeRss: await rssMb(pid), treePss: (await treeMemory(pid)).pssMb }
}

export async function idleMemory(stack: StackInfo, options: { connections: number }) {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 3000))
  await settle()
  const before = await snapshot(stack.pid)
  const url = socketUrl(stack)
  const clients = await paced(
    Array.from({ length: options.connections }),
    50,
    400,
    async (_, i) => {
      const client = await BenchClient.connect(url)
      await client.join(`realtime:idle-${i % 50}`, {
        config: { broadcast: { self: false }, presence: { key: '' }, postgres_changes: [] },
        access_token: userToken(stack.jwtSecret, randomUUID()),
      })
      return client
    }
  )
  await settle()
  const after = await snapshot(stack.pid)
  for (const client of clients) client.close()
  return {
    connections: clients.length,
    before,
    after,
    perConnectionKb: ((after.nodeRss - before.nodeRss) * 1024) / clients.length,
  }
}
