// The services of the stack, in mounting order. Each call makes fresh instances, so several
// stacks can run in one process (the tests do). The mail inbox is not one: it has a port of its
// own (stack.ts starts it).
import type { ProjectConfig } from './config/project-config.ts'
import type { Service } from './context.ts'
import type { Logger } from './logger.ts'
import { authService } from './auth/index.ts'
import { functionsService } from './functions/index.ts'
import { realtimeService } from './realtime/index.ts'
import { restService } from './rest/index.ts'
import { storageService } from './storage/index.ts'

export function servicesFor(config: ProjectConfig): Service[] {
  const services: Service[] = []
  if (config.api.enabled) services.push(restService())
  if (config.auth.enabled) services.push(authService())
  if (config.storage.enabled) services.push(storageService())
  if (config.realtime.enabled) services.push(realtimeService())
  services.push(functionsService())
  return services
}

/** How long a start waits for the services' background work (the replication slot) to be live. */
const READY_TIMEOUT_MS = 15_000

/**
 * Waits until every service is live, so that what a client does once the stack answers is
 * delivered (a change committed before the replication slot exists never is). Creating the
 * slot waits on the cluster's running transactions: past the bound, the start goes on, saying so.
 * An aborted `signal` (Ctrl-C during the start) ends the wait with its reason.
 */
export async function servicesReady(
  services: Service[],
  log: Logger,
  signal?: AbortSignal
): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  let onAbort: (() => void) | undefined
  const bound = new Promise<'late' | 'aborted'>((resolve) => {
    timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS)
    onAbort = () => resolve('aborted')
    signal?.addEventListener('abort', onAbort, { once: true })
  })
  if (signal?.aborted) onAbort?.()
  const ready = Promise.all(services.map((service) => service.ready?.())).then(() => 'ready')
  ready.catch(() => undefined)
  const outcome = await Promise.race([ready, bound])
  clearTimeout(timer)
  signal?.removeEventListener('abort', onAbort!)
  signal?.throwIfAborted()
  if (outcome === 'late') {
    log.warn(
      `the realtime change feed is not streaming after ${READY_TIMEOUT_MS / 1000} s ` +
        '(its replication slot waits on running transactions): changes made before it streams are not delivered'
    )
  }
}
