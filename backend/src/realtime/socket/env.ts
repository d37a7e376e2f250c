// What the socket side of the service shares: the stack's keys and database, the topics, the
// change feed and the tenant-wide limits.
import type { Database } from '../../db/database.ts'
import type { Gateway } from '../../http/gateway.ts'
import type { JwtKeys } from '../../jwt/jwt-keys.ts'
import type { Logger } from '../../logger.ts'
import type { ChangeFeed } from '../changes/feed.ts'
import type { Hub } from './hub.ts'
import type { Limits } from './limits.ts'
import { RateWindow } from './limits.ts'
import type { PrivateRecheck } from './recheck.ts'

export interface RealtimeEnv {
  keys: JwtKeys
  gateway: Gateway
  db: Database
  log: Logger
  hub: Hub
  feed: ChangeFeed
  limits: Limits
  /** Checks the permission of open private channels again, every second. */
  recheck: PrivateRecheck
  /** Joins of the whole stack in the last second. */
  joinRate: RateWindow
  /** Presence events of the whole stack in the last second. */
  presenceRate: RateWindow
  /** [realtime] private_only (the hosted tenant's private_only): public joins are refused. */
  privateOnly: boolean
}

export function tenantRates(limits: Limits): Pick<RealtimeEnv, 'joinRate' | 'presenceRate'> {
  return {
    joinRate: new RateWindow(limits.maxJoinsPerSecond, 1000),
    presenceRate: new RateWindow(limits.maxPresenceEventsPerSecond, 1000),
  }
}
