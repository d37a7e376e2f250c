// The steps after the API listens: the mail inbox on its own ports, each service's start (each
// stopped in reverse by the cleanup, a Ctrl-C in the rest of the start included), then the
// stack's own runners of Supabase Cron and pg_net.
import { startInbox } from '../auth/index.ts'
import type { ProjectConfig } from '../config/project-config.ts'
import { startCronScheduler } from '../cron/scheduler.ts'
import type { FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import type { Logger } from '../logger.ts'
import { startNetWorker } from '../net/worker.ts'
import type { NetWorker } from '../net/worker.ts'
import { servicesReady } from '../services.ts'
import type { Cleanups } from './cleanups.ts'
import type { StackOptions } from './types.ts'

export interface StartedInbox {
  inboxUrl: string | null
  inboxSmtpPort: number | null
}

export async function startMailInbox(args: {
  options: StackOptions
  config: ProjectConfig
  context: StackContext
  inboxPort: number
  smtpPort: number
  cleanups: Cleanups
}): Promise<StartedInbox> {
  if (!args.config.inbucket.enabled) return { inboxUrl: null, inboxSmtpPort: null }
  const inbox = await startInbox({
    dataDir: args.context.dataDir,
    port: args.inboxPort,
    host: args.options.inboxHost,
    smtpPort: args.smtpPort,
    log: args.context.log,
  })
  args.cleanups.push(() => inbox.close())
  args.context.inboxSmtpPort = inbox.smtpPort
  return { inboxUrl: inbox.url, inboxSmtpPort: inbox.smtpPort }
}

export async function startServices(args: {
  context: StackContext
  api: FastifyInstance
  services: Service[]
  cleanups: Cleanups
  signal?: AbortSignal
}): Promise<void> {
  const { context, signal } = args
  for (const service of args.services) {
    signal?.throwIfAborted()
    await service.start?.(context, args.api)
    // Stopped (in reverse order) by a Ctrl-C during the rest of the start, too.
    if (service.stop) args.cleanups.push(() => service.stop!())
  }
  await servicesReady(args.services, context.log, signal)
  context.events.emit('migrated')
}

/**
 * Supabase Cron and pg_net: the stack runs the jobs and performs the requests itself. Their
 * passes are told on the stack's events ('cron-tick', 'net-drain').
 */
export function startRunners(args: {
  dbUrl: string
  log: Logger
  cleanups: Cleanups
  events: StackContext['events']
}): {
  net: NetWorker
} {
  const cron = startCronScheduler({
    dbUrl: args.dbUrl,
    log: args.log,
    onTick: () => args.events.emit('cron-tick'),
  })
  args.cleanups.push(() => cron.stop())
  const net = startNetWorker({
    dbUrl: args.dbUrl,
    log: args.log,
    onDrain: (startedAt) => args.events.emit('net-drain', startedAt),
  })
  args.cleanups.push(() => net.stop())
  return { net }
}
