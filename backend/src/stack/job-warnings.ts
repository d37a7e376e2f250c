// Chorus's background jobs say when they cannot call their Edge Function: a WARNING from
// private.function_endpoint ("Chorus background job <name>: … Vault has no …"). Cron's runner
// logs its jobs' (cron/scheduler.ts); the ones that run inside a request come through the API's
// sessions, whose notices PostgREST would drop: link previews (a trigger on the messages a
// person sends), an import's or an export's first call (an RPC). This logs those, one line a
// minute for each distinct warning, so a server whose Vault is empty is never silent.
import type { Logger } from '../logger.ts'

const PREFIX = 'Chorus background job '
const EVERY_MS = 60_000

export function jobWarnings(log: Logger, now = () => Date.now()): (message: string) => void {
  const last = new Map<string, number>()
  return (message) => {
    if (!message.startsWith(PREFIX)) return
    const at = now()
    const before = last.get(message)
    if (before !== undefined && at - before < EVERY_MS) return
    last.set(message, at)
    log.warn(`request: ${message}`)
  }
}
