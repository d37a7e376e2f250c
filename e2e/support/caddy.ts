// Debian's Caddy on loopback in front of a `serve` stack, as docs/own-server.md (Behind Caddy) has
// it: automatic TLS from Caddy's internal CA (not trusted by the browser: contexts ignore HTTPS
// errors), http redirected to https, and everything proxied to serve on 127.0.0.1.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { collectLines } from './child-output.ts'

export const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy'

export interface RunningCaddy {
  httpPort: number
  httpsPort: number
  output: string[]
  stop(): Promise<void>
}

export async function startCaddy(options: {
  host: string
  upstreamPort: number
  httpPort: number
  httpsPort: number
  log?: (line: string) => void
}): Promise<RunningCaddy> {
  const { httpPort, httpsPort } = options
  const dir = await mkdtemp(path.join(tmpdir(), 'chorus-caddy-'))
  const caddyfile = `{
	admin off
	local_certs
	skip_install_trust
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${path.join(dir, 'storage')}
}

${options.host}:${httpsPort} {
	tls internal
	reverse_proxy 127.0.0.1:${options.upstreamPort}
}
`
  const file = path.join(dir, 'Caddyfile')
  await writeFile(file, caddyfile)
  const child = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = collectLines(child, options.log)
  const stop = () => stopCaddy(child, dir)
  try {
    // Ready: it answers TLS for the site's name on the https port (the certificate is issued).
    await expect
      .poll(
        () => {
          if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}`)
          return status(options.host, httpsPort, '/health')
        },
        { message: 'Caddy answers on its https port', timeout: 30_000 }
      )
      .toBe(200)
    return { httpPort, httpsPort, output, stop }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- caddy output ---\n${output.join('\n')}`, {
      cause: error,
    })
  }
}

/** The status of GET https://host:port/path through loopback (0 when nothing answers). */
function status(host: string, port: number, pathname: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        servername: host,
        headers: { host: `${host}:${port}` },
        rejectUnauthorized: false,
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }
    )
    req.on('error', () => resolve(0))
    req.end()
  })
}

async function stopCaddy(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await rm(dir, { recursive: true, force: true })
}
