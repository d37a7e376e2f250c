// Stored broadcasts (realtime.messages, written by realtime.send() and read for replays) are
// kept for 72 hours, as on the hosted service, which drops its daily partitions after that.
import type { Sql } from 'postgres'
import type { Logger } from '../logger.ts'

const RETENTION = '72 hours'
const EVERY_MS = 60 * 60 * 1000

export function startRetention(admin: Sql, log: Logger): () => void {
  const sweep = () => {
    admin`delete from realtime.messages where inserted_at < now() - ${RETENTION}::interval`.catch(
      (error) => log.debug(`realtime.messages retention skipped: ${(error as Error).message}`)
    )
  }
  const first = setTimeout(sweep, 10_000)
  const timer = setInterval(sweep, EVERY_MS)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
