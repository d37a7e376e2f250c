// The Realtime service at /realtime/v1, speaking what @supabase/realtime-js speaks: Phoenix
// channels over a WebSocket with Broadcast, Presence and Postgres changes (from logical
// replication, filtered by each subscriber's row-level security), and broadcast over HTTP.
//   protocol/  the Phoenix frame codec and the join payload (pure)
//   socket/    the WebSocket server, connections, channels, topics and presence
//   changes/   the change feed: replication stream, subscriptions, RLS checks, payloads
import type { FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'
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

export function realtimeService(): Service {
  let env: RealtimeEnv | null = null
  let server: RealtimeServer | null = null
  let app: FastifyInstance | null = null
  let stopRetention: (() => void) | null = null

  const onMessage = (hub: Hub) => (message: DatabaseMessage) => {
    hub.broadcast(
      topicKey(message.topic, message.private),
      jsonBroadcast(message.event, message.payload, JSON.stringify({ id: message.id }))
    )
  }

  return {
    name: 'realtime',
    prefix: '/realtime/v1',

    async register(scope: FastifyInstance, ctx: StackContext) {
      const limits = limitsFromEnv()
      const hub = new Hub(new RateCounter(limits.maxEventsPerSecond))
      const log = ctx.log.child('realtime')
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
        recheck: new PrivateRecheck(ctx.db, log, limits.privateRecheckMs),
        ...tenantRates(limits),
      }
      registerHttpApi(scope, ctx, env)
    },

    async start(_ctx: StackContext, api: FastifyInstance) {
      if (!env) throw new Error('realtime started before it was registered')
      // Slot creation may wait on running transactions: it happens in the background.
      env.feed.start()
      stopRetention = startRetention(env.db.admin, env.log)
      server = new RealtimeServer(env)
      app = api
      server.server = app.server
      app.server.on('upgrade', server.onUpgrade)
    },

    async stop() {
      stopRetention?.()
      if (server) {
        app?.server.off('upgrade', server.onUpgrade)
        await server.stop()
      }
      await env?.recheck.stop()
      await env?.feed.stop()
      server = null
      env = null
    },
  }
}
