// The Realtime service at /realtime/v1, speaking what @supabase/realtime-js speaks: Phoenix
// channels over a WebSocket with Broadcast, Presence and Postgres changes (from logical
// replication, filtered by each subscriber's row-level security), and broadcast over HTTP.
//   protocol/  the Phoenix frame codec and the join payload (pure)
//   socket/    the WebSocket server, connections, channels, topics and presence
//   changes/   the change feed: replication stream, subscriptions, RLS checks, payloads
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import { headerValueBeyond, refuseHeaderTooLong } from '../http/header-limits.ts'
import { ChangeFeed } from './changes/feed.ts'
import type { DatabaseMessage } from './changes/dispatcher.ts'
import { registerHttpApi } from './http-api.ts'
import { startRetention } from './retention.ts'
import { tenantRates } from './socket/env.ts'
import type { RealtimeEnv } from './socket/env.ts'
import { Hub, jsonBroadcast, topicKey } from './socket/hub.ts'
import { RateCounter, limitsFromEnv } from './socket/limits.ts'
import { PrivateRecheck } from './socket/recheck.ts'
import { RealtimeServer } from './socket/server.ts'

const PREFIX = '/realtime/v1'

export function realtimeService(): Service {
  let env: RealtimeEnv | null = null
  let server: RealtimeServer | null = null
  let app: FastifyInstance | null = null
  let stopRetention: (() => void) | null = null
  let onUpgrade: ((request: IncomingMessage, socket: Duplex, head: Buffer) => void) | null = null

  const onMessage = (hub: Hub) => (message: DatabaseMessage) => {
    hub.broadcast(
      topicKey(message.topic, message.private),
      jsonBroadcast(message.event, message.payload, JSON.stringify({ id: message.id }))
    )
  }

  return {
    name: 'realtime',
    prefix: PREFIX,

    async register(scope: FastifyInstance, ctx: StackContext) {
      // Under `serve`, the message and join rates are sized to the machine (socket/limits.ts).
      const limits = limitsFromEnv(process.env, ctx.mode)
      const hub = new Hub(new RateCounter(limits.maxEventsPerSecond))
      const log = ctx.log.child('realtime')
      if (ctx.mode === 'serve') {
        log.info(
          `up to ${limits.maxEventsPerSecond} messages per second, ${limits.clientMaxEventsPerSecond || 'no limit'} per connection; ` +
            `${limits.maxJoinsPerSecond} joins per second, ${limits.clientMaxJoinsPerSecond || 'no limit'} per connection`
        )
      }
      const feed = new ChangeFeed({
        url: ctx.db.url,
        admin: ctx.db.admin,
        sessions: ctx.db,
        log,
        onMessage: onMessage(hub),
      })
      env = {
        keys: ctx.keys,
        gateway: ctx.gateway,
        db: ctx.db,
        log,
        hub,
        feed,
        limits,
        recheck: new PrivateRecheck(ctx.db, log, limits.privateRecheckMs, (round) =>
          ctx.events.emit('realtime-recheck', round)
        ),
        ...tenantRates(limits),
        privateOnly: ctx.config.realtime.privateOnly,
      }
      // [realtime] max_header_length, as the CLI passes it to Realtime (MAX_HEADER_LENGTH).
      const maxHeaderLength = ctx.config.realtime.maxHeaderLength
      scope.addHook('onRequest', (request, reply, done) => {
        if (headerValueBeyond(request.raw.rawHeaders, maxHeaderLength)) {
          void reply.code(431).header('connection', 'close').send()
          return
        }
        done()
      })
      registerHttpApi(scope, ctx, env)
    },

    async start(ctx: StackContext, api: FastifyInstance) {
      if (!env) throw new Error('realtime started before it was registered')
      // Slot creation may wait on running transactions: it happens in the background.
      env.feed.start()
      stopRetention = startRetention(env.db.admin, env.log)
      const realtime = new RealtimeServer(env)
      server = realtime
      app = api
      realtime.server = app.server
      const maxHeaderLength = ctx.config.realtime.maxHeaderLength
      onUpgrade = (request, socket, head) => {
        const url = request.url ?? ''
        if (url.startsWith(PREFIX) && headerValueBeyond(request.rawHeaders, maxHeaderLength)) {
          refuseHeaderTooLong(socket)
          return
        }
        realtime.onUpgrade(request, socket, head)
      }
      app.server.on('upgrade', onUpgrade)
    },

    async ready() {
      await env?.feed.replicationReady()
    },

    async stop() {
      stopRetention?.()
      if (server) {
        if (onUpgrade) app?.server.off('upgrade', onUpgrade)
        onUpgrade = null
        await server.stop()
      }
      await env?.recheck.stop()
      await env?.feed.stop()
      server = null
      env = null
    },
  }
}
