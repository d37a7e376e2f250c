// The API step: the services' pools, the stack's context, the API server with every service
// listening (and on [::1] too for a loopback host), each closed by the cleanup.
import { EventEmitter } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { ProjectConfig } from '../config/project-config.ts'
import type { Service, StackContext, StackEvents } from '../context.ts'
import { Database } from '../db/database.ts'
import { Gateway } from '../http/gateway.ts'
import { answeredCloser, listenAlsoOnIpv6, localHost } from '../http/listen.ts'
import { buildApiServer } from '../http/server.ts'
import type { JwtKeys } from '../jwt/jwt-keys.ts'
import type { Logger } from '../logger.ts'
import { servicesFor } from '../services.ts'
import type { Cleanups } from './cleanups.ts'
import type { StackOptions } from './types.ts'
import { jobWarnings } from './job-warnings.ts'

export interface StartedApi {
  context: StackContext
  events: EventEmitter<StackEvents>
  services: Service[]
  api: FastifyInstance
}

export async function startApi(args: {
  options: StackOptions
  config: ProjectConfig
  dbUrl: string
  password: string
  keys: JwtKeys
  dataDir: string
  listenPort: number
  log: Logger
  cleanups: Cleanups
}): Promise<StartedApi> {
  const { options, config, keys, log, cleanups } = args
  const db = await Database.connect({
    url: args.dbUrl,
    authenticatorPassword: args.password,
    onWarning: jobWarnings(log),
  })
  cleanups.push(() => db.close())
  const events = new EventEmitter<StackEvents>()
  const context: StackContext = {
    config,
    db,
    keys,
    gateway: new Gateway(keys, options.strictKeys ?? false),
    log,
    dataDir: args.dataDir,
    apiUrl: '',
    publicUrl: options.publicUrl ?? '',
    mode: options.mode ?? 'start',
    corsOrigin:
      options.ownOriginOnly && options.publicUrl ? new URL(options.publicUrl).origin : '*',
    inboxSmtpPort: null,
    events,
  }

  const services = servicesFor(config)
  const api = await buildApiServer(context, services, options.front)
  const host = options.host ?? '127.0.0.1'
  const closeApi = answeredCloser(api.server, () => api.close())
  await api.listen({ host, port: args.listenPort })
  cleanups.push(closeApi)
  const port = (api.server.address() as AddressInfo).port
  if (host === '127.0.0.1') {
    const closeIpv6 = await listenAlsoOnIpv6(api, port, log)
    if (closeIpv6) cleanups.push(closeIpv6)
  }
  context.apiUrl = `http://${localHost(host)}:${port}`
  context.publicUrl ||= context.apiUrl
  return { context, events, services, api }
}
