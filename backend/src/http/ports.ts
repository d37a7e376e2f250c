// Checks a loopback port before anything starts, so a clash is a clear error, not a half-started stack.
import { createServer } from 'node:net'

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
