// The stack's ports in one place: a loopback port checked before anything starts (so a clash is
// a clear error naming who holds it, not a half-started stack), and a free port for a server
// started later (port 0 asked for, or a server this process starts for a moment).
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { describePortInUse } from '../port-owner.ts'

export class PortInUseError extends Error {
  override name = 'PortInUseError'
}

export async function assertPortFree(port: number, what: string): Promise<void> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(
              `Port ${port} for ${what} is already in use. Is a stack already running? ` +
                `(npm run backend -- status), or choose another port in supabase/config.toml.`
            )
          : error
      )
    })
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()))
  })
}

/** assertPortFree, its error naming the process that holds the port and the flag to change it. */
export async function checkPort(port: number, what: string, flag: string): Promise<void> {
  try {
    await assertPortFree(port, what)
  } catch (error) {
    if (!(error instanceof PortInUseError)) throw error
    throw new PortInUseError(await describePortInUse(port, what, flag))
  }
}

/** A port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
