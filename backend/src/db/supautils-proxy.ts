// supautils on the wire: a PostgreSQL protocol proxy in front of the stack's server that gives a
// client's statements what hosted's supautils gives `postgres` (hosted-privileges.ts, from
// supautils-config.ts), so that a client that is not the stack's migration runner, such as the
// real Supabase CLI's `db push --db-url`, meets what it meets on hosted. `serve` listens with it on
// the database port (stack/supautils.ts). Each statement a client sends (simple or extended
// query) that supautils acts on is replaced by a DO block that, while the current role is
// `postgres`, runs it elevated or refuses it with supautils' message, and otherwise runs it as
// written. Elevated means through _supabase_local.supautils_elevated (platform file 63), a
// superuser's function that runs only statements signed with the database's key, which the proxy
// holds and `postgres` cannot read: so a client that logs in as `postgres` itself (as
// `db push --db-url postgresql://postgres:…@host:port/postgres` does) and one that logs in as
// supabase_admin and steps down with SET SESSION ROLE postgres (as the CLI does with that user)
// both get what supautils allows and nothing more. Logins are PostgreSQL's own (the startup and
// password exchange pass through), and everything else, and every byte the server sends, passes
// through unchanged. TLS is declined (the client goes on in plain text, as with the server
// itself).
import { createHmac } from 'node:crypto'
import net from 'node:net'
import type { Sql } from 'postgres'
import { hostedStatement } from './hosted-privileges.ts'
import type { Elevation } from './hosted-privileges.ts'
import { splitSqlStatementRanges } from './sql-split.ts'

export interface SupautilsProxy {
  port: number
  close(): Promise<void>
}

const PRIVILEGED = 'postgres'
const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104

/** The key the proxy signs elevated statements with (readSupautilsKey), read as the superuser. */
export async function readSupautilsKey(sql: Sql): Promise<Buffer> {
  const [row] = await sql<{ key: Buffer }[]>`select key from _supabase_local.supautils_key limit 1`
  if (!row) throw new Error('_supabase_local.supautils_key is empty (platform file 63)')
  return row.key
}

/** Starts the proxy on 127.0.0.1 (port 0: a free one) in front of `target`. */
export async function startSupautilsProxy(target: {
  host: string
  port: number
  /** The database's key (readSupautilsKey). */
  key: Buffer
  listenPort?: number
}): Promise<SupautilsProxy> {
  const elevation = signedElevation(target.key)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    sockets.add(client).add(upstream)
    const end = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    let buffer = Buffer.alloc(0)
    let started = false
    client.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return
          const length = buffer.readInt32BE(0)
          if (buffer.length < length) return
          const code = buffer.readInt32BE(4)
          const message = buffer.subarray(0, length)
          buffer = buffer.subarray(length)
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            client.write('N')
            continue
          }
          started = true
          upstream.write(message)
          continue
        }
        if (buffer.length < 5) return
        const length = buffer.readInt32BE(1)
        if (buffer.length < length + 1) return
        const message = buffer.subarray(0, length + 1)
        buffer = buffer.subarray(length + 1)
        upstream.write(rewrite(message, elevation))
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(target.listenPort ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.address() as net.AddressInfo
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A client message with its SQL rewritten where supautils acts on it (Query and Parse). */
function rewrite(message: Buffer, elevation: Elevation): Buffer {
  const type = String.fromCharCode(message[0] ?? 0)
  if (type === 'Q') {
    const text = cString(message, 5)
    const rewritten = rewriteScript(text.value, elevation)
    if (rewritten === text.value) return message
    return typed('Q', Buffer.concat([Buffer.from(rewritten), Buffer.from([0])]))
  }
  if (type === 'P') {
    const name = cString(message, 5)
    const query = cString(message, name.end)
    const rewritten = rewriteScript(query.value, elevation)
    if (rewritten === query.value) return message
    return typed(
      'P',
      Buffer.concat([
        message.subarray(5, name.end),
        Buffer.from(rewritten),
        Buffer.from([0]),
        message.subarray(query.end),
      ])
    )
  }
  return message
}

/** Each statement of a script replaced by its DO block where supautils acts on it. */
function rewriteScript(script: string, elevation: Elevation): string {
  let out = ''
  let last = 0
  for (const statement of splitSqlStatementRanges(script)) {
    const replaced = hostedStatement(statement.text, PRIVILEGED, elevation)
    if (replaced === null) continue
    const semicolon = /;\s*$/.test(statement.text) ? ';' : ''
    out += script.slice(last, statement.start) + replaced + semicolon
    last = statement.end
  }
  return last === 0 ? script : out + script.slice(last)
}

/** Elevation through _supabase_local.supautils_elevated, the statements signed with `key`. */
export function signedElevation(key: Buffer): Elevation {
  return (statements) => {
    const list = statements.map((sql) => sql.trim().replace(/;\s*$/, ''))
    const message = list.map((sql) => `${Buffer.byteLength(sql)}:${sql}`).join('')
    const signature = createHmac('sha256', key).update(message, 'utf8').digest('hex')
    const array = list.map(dollarQuoted).join(', ')
    return [`select _supabase_local.supautils_elevated(array[${array}]::text[], '${signature}')`]
  }
}

/** `text` as a dollar-quoted literal (whatever standard_conforming_strings says). */
function dollarQuoted(text: string): string {
  let tag = 'signed'
  while (text.includes(`$${tag}$`)) tag += '_'
  return `$${tag}$${text}$${tag}$`
}

function cString(buffer: Buffer, from: number): { value: string; end: number } {
  const zero = buffer.indexOf(0, from)
  return { value: buffer.toString('utf8', from, zero), end: zero + 1 }
}

function typed(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5)
  head.write(type, 0, 'latin1')
  head.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([head, body])
}
