// The stack's ports in one place: a loopback port checked before anything starts (so a clash is
// a clear error naming who holds it, not a half-started stack), and a free port for a server
// started later (port 0 asked for, or a server this process starts for a moment), below the
// range of outgoing connections' ports.
import { createServer } from 'node:net'
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

/**
 * Ports for servers started later come from below 32768: Linux gives outgoing connections their
 * local ports from 32768-60999 (ip_local_port_range), so a port from there that is free now can
 * be a connection's before its server listens (EADDRINUSE, seen in a test run beside browsers).
 */
const LOW_PORTS = { from: 20_000, to: 32_767 }
const handedOut = new Set<number>()

/** A port free on 127.0.0.1 right now, below the outgoing connections' range, and not one this
 *  process handed out before. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = LOW_PORTS.from + Math.floor(Math.random() * (LOW_PORTS.to - LOW_PORTS.from + 1))
    if (handedOut.has(port)) continue
    handedOut.add(port) // before the check, so that a call meanwhile does not take it too
    if (await isFree(port)) return port
    handedOut.delete(port)
  }
  throw new Error(`no free port on 127.0.0.1 from ${LOW_PORTS.from} to ${LOW_PORTS.to}`)
}

function isFree(port: number): Promise<boolean> {
  const server = createServer()
  return new Promise((resolve) => {
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true))
    )
  })
}
