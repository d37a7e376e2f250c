// The mail inbox, the local stack's mail catcher (Inbucket/Mailpit in the Supabase CLI), on a
// port of its own ([inbucket] port, 54324) and never on the API port: whoever reads it can follow
// any recovery or invitation link, so it listens on the loopback interface unless told otherwise.
// Mailpit's paths: the web page at / (one message at /messages/<id>) and the JSON API under
// /api/v1 (list, read one, search, delete). Its SMTP port ([inbucket] smtp_port, smtp.ts) takes
// mail from the project's own code into the same store.
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { answeredCloser, listenAlsoOnIpv6 } from '../../http/listen.ts'
import type { Logger } from '../../logger.ts'
import { fullMessage, listing, matchesQuery, parseQuery } from './mailpit.ts'
import { listPage, messageHtml, messagePage } from './pages.ts'
import { startSmtp } from './smtp.ts'
import { InboxStore } from './store.ts'

/** The interface the inbox listens on unless configured otherwise. */
export const INBOX_DEFAULT_HOST = '127.0.0.1'

export interface InboxOptions {
  /** The stack's data folder (messages live in <dataDir>/inbox). */
  dataDir: string
  /** 0 picks a free port. */
  port: number
  /** Default 127.0.0.1 (loopback only). */
  host?: string
  /** The SMTP port (always on 127.0.0.1); 0 picks a free port, null runs none. */
  smtpPort?: number | null
  log: Logger
}

export interface RunningInbox {
  /** e.g. http://127.0.0.1:54324 */
  url: string
  /** The SMTP port on 127.0.0.1, or null. */
  smtpPort: number | null
  close(): Promise<void>
}

function intParam(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : NaN
  return Number.isFinite(n) && n >= 0 ? n : fallback
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Message not found')
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** The Host header's name without its port: "127.0.0.1", "localhost", "::1". */
function hostnameOf(header: string | undefined): string {
  if (!header) return ''
  if (header.startsWith('[')) return header.slice(1, header.indexOf(']')).toLowerCase()
  return header.replace(/:\d*$/, '').toLowerCase()
}

/** The inbox as a Fastify app of its own, its routes at the root as Mailpit serves them. */
export async function buildInboxApp(store: InboxStore, host: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) => done(null, body))

  // On the loopback interface, only loopback names are served: a web page the developer visits
  // cannot read the inbox by pointing a name of its own at 127.0.0.1 (DNS rebinding).
  if (isLoopbackHost(host)) {
    app.addHook('onRequest', (request, reply, done) => {
      if (isLoopbackHost(hostnameOf(request.headers.host))) return done()
      void reply.code(403).type('text/plain; charset=utf-8').send('Forbidden')
    })
  }

  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).type('text/plain; charset=utf-8').send('404 page not found')
  })

  app.get('/', async (request, reply) => {
    const query = text((request.query as Record<string, unknown>).query)
    const terms = parseQuery(query)
    const messages = (await store.list()).filter((m) => matchesQuery(m, terms))
    return reply.type('text/html; charset=utf-8').send(listPage(messages, query))
  })

  app.get<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const message = await store.get(request.params.id)
    if (!message) return notFound(reply)
    await store.markRead(message.ID)
    return reply.type('text/html; charset=utf-8').send(messagePage(message))
  })

  app.get<{ Params: { id: string } }>('/messages/:id/html', async (request, reply) => {
    const message = await store.get(request.params.id)
    if (!message) return notFound(reply)
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "script-src 'none'")
      .send(messageHtml(message))
  })

  app.get('/api/v1/messages', async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const all = await store.list()
    return reply.send(listing(all, all, intParam(query.start, 0), intParam(query.limit, 50)))
  })

  app.get('/api/v1/search', async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const terms = parseQuery(text(query.query))
    const all = await store.list()
    const selected = all.filter((m) => matchesQuery(m, terms))
    return reply.send(listing(all, selected, intParam(query.start, 0), intParam(query.limit, 50)))
  })

  app.get<{ Params: { id: string } }>('/api/v1/message/:id', async (request, reply) => {
    const message = await store.get(request.params.id)
    if (!message) return notFound(reply)
    await store.markRead(message.ID)
    return reply.send(fullMessage({ ...message, Read: true }))
  })

  app.delete('/api/v1/messages', async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body.trim() : ''
    let ids: string[] | undefined
    if (body !== '') {
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        return reply.code(400).type('text/plain; charset=utf-8').send('invalid JSON body')
      }
      const list = (parsed as { IDs?: unknown } | null)?.IDs
      if (Array.isArray(list) && list.length > 0) ids = list.map(String)
    }
    await store.delete(ids)
    return reply.type('text/plain; charset=utf-8').send('ok')
  })

  app.delete('/api/v1/search', async (request, reply) => {
    const terms = parseQuery(text((request.query as Record<string, unknown>).query))
    const ids = (await store.list()).filter((m) => matchesQuery(m, terms)).map((m) => m.ID)
    if (ids.length > 0) await store.delete(ids)
    return reply.type('text/plain; charset=utf-8').send('ok')
  })

  return app
}

/** Starts the inbox on its own port; on 127.0.0.1 it answers on [::1] too when it can. */
export async function startInbox(options: InboxOptions): Promise<RunningInbox> {
  const host = options.host ?? INBOX_DEFAULT_HOST
  const store = InboxStore.at(options.dataDir)
  const app = await buildInboxApp(store, host)
  const closeApp = answeredCloser(app.server, () => app.close())
  await app.listen({ host, port: options.port })
  const { port } = app.server.address() as AddressInfo
  const closeIpv6 = host === '127.0.0.1' ? await listenAlsoOnIpv6(app, port, options.log) : null
  // A wildcard address is shown as the loopback one, as a URL to open on this machine.
  const shown = ['0.0.0.0', '::'].includes(host)
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host
  const closeHttp = async () => {
    await closeIpv6?.()
    await closeApp()
  }
  const smtp =
    options.smtpPort === undefined || options.smtpPort === null
      ? null
      : await startSmtp({ store, port: options.smtpPort, log: options.log }).catch(
          async (error: unknown) => {
            await closeHttp()
            throw error
          }
        )
  return {
    url: `http://${shown}:${port}`,
    smtpPort: smtp?.port ?? null,
    close: async () => {
      await smtp?.close()
      await closeHttp()
    },
  }
}
