// The services of the stack, in mounting order. Each call makes fresh instances, so several
// stacks can run in one process (the tests do). The mail inbox is not one: it has a port of its
// own (stack.ts starts it).
import type { ProjectConfig } from './config/project-config.ts'
import type { Service } from './context.ts'
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
