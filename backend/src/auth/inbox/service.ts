// The mail inbox at /inbox, the local stack's mail catcher (Inbucket/Mailpit in the Supabase CLI):
// a web page listing the messages Auth sent, and a small JSON API in Mailpit's shape under
// /inbox/api/v1 (list, read one, search, delete).
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Service } from '../../context.ts'
import { fullMessage, listing, matchesQuery, parseQuery } from './mailpit.ts'
import { listPage, messageHtml, messagePage } from './pages.ts'
import { InboxStore } from './store.ts'

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

export function inboxService(): Service {
  return {
    name: 'inbox',
    prefix: '/inbox',
    async register(app: FastifyInstance, ctx) {
      const store = InboxStore.at(ctx.dataDir)
      app.removeAllContentTypeParsers()
      app.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: 1024 * 1024 },
        (_r, body, done) => done(null, body)
      )

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
        return reply.send(
          listing(all, selected, intParam(query.start, 0), intParam(query.limit, 50))
        )
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
    },
  }
}
