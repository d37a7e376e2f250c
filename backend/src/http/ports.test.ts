import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort } from './ports.ts'

describe('freePort', () => {
  it("gives free ports below the outgoing connections' range, never the same one twice", async () => {
    const ports = await Promise.all(Array.from({ length: 30 }, () => freePort()))
    expect(new Set(ports).size).toBe(30)
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000)
      expect(port).toBeLessThan(32_768)
    }
    // free indeed: a server takes the first
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve))
    await new Promise((resolve) => server.close(resolve))
  })
})
