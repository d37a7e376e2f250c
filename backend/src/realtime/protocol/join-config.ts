// The `phx_join` payload as realtime-js sends it, read the way the real server reads it:
// flexible booleans ("true"/"false" strings too), defaults for anything missing or invalid, and
// postgres_changes entries echoed back with an id per distinct filter.
import { createHash } from 'node:crypto'

export interface PostgresChangeParams {
  /** The client's filter object exactly as sent (echoed in the join reply with its id). */
  raw: Record<string, unknown>
  id: number
  /** '*', 'INSERT', 'UPDATE' or 'DELETE' (case-insensitive on the wire; unknown means '*'). */
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  schema: string
  table: string
  filter: string
  select: string[] | null
  /** Neither schema nor table was given. */
  missingTarget: boolean
}

export interface ReplayConfig {
  since: number
  limit: number
}

export interface JoinConfig {
  broadcast: { self: boolean; ack: boolean; replay: ReplayConfig | null; replicationReady: boolean }
  presence: { key: string; enabled: boolean }
  postgresChanges: PostgresChangeParams[]
  private: boolean
}

export interface JoinPayload {
  config: JoinConfig
  /** `user_token` wins over `access_token` (both optional). */
  token: string | null
  /** Why the payload did not validate (defaults were applied), for the log. */
  invalid: string[]
}

/** Replays are capped at 25 messages per request. */
export const MAX_REPLAY_LIMIT = 25

export function parseJoinPayload(payload: unknown): JoinPayload {
  const invalid: string[] = []
  const body = isObject(payload) ? payload : {}
  if (!isObject(payload)) invalid.push('payload is not an object')
  const config = isObject(body.config) ? body.config : {}
  const broadcast = isObject(config.broadcast) ? config.broadcast : {}
  const presence = isObject(config.presence) ? config.presence : {}

  const flag = (value: unknown, name: string, fallback: boolean): boolean => {
    const parsed = flexibleBoolean(value)
    if (parsed === undefined) {
      if (value !== undefined && value !== null) invalid.push(`${name} is not a boolean`)
      return fallback
    }
    return parsed
  }

  let replay: ReplayConfig | null = null
  if (isObject(broadcast.replay)) {
    const since = Number(broadcast.replay.since ?? 0)
    const limit = Number(broadcast.replay.limit ?? MAX_REPLAY_LIMIT)
    replay = {
      since: Number.isFinite(since) ? since : 0,
      limit:
        Number.isFinite(limit) && limit > 0 ? Math.min(limit, MAX_REPLAY_LIMIT) : MAX_REPLAY_LIMIT,
    }
  }

  const postgresChanges: PostgresChangeParams[] = []
  const list = Array.isArray(config.postgres_changes) ? config.postgres_changes : []
  if (config.postgres_changes !== undefined && !Array.isArray(config.postgres_changes)) {
    invalid.push('postgres_changes is not a list')
  }
  for (const entry of list) {
    if (!isObject(entry)) {
      invalid.push('postgres_changes entry is not an object')
      continue
    }
    postgresChanges.push(postgresChange(entry))
  }

  const key = typeof presence.key === 'string' ? presence.key : ''
  const token = stringOrNull(body.user_token) ?? stringOrNull(body.access_token)
  return {
    config: {
      broadcast: {
        self: flag(broadcast.self, 'broadcast.self', false),
        ack: flag(broadcast.ack, 'broadcast.ack', false),
        replay,
        replicationReady: flag(broadcast.replication_ready, 'broadcast.replication_ready', false),
      },
      presence: { key, enabled: flag(presence.enabled, 'presence.enabled', false) },
      postgresChanges,
      private: flag(config.private, 'private', false),
    },
    token,
    invalid,
  }
}

function postgresChange(raw: Record<string, unknown>): PostgresChangeParams {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const event = text(raw.event).toUpperCase()
  const schemaGiven = text(raw.schema)
  const tableGiven = text(raw.table)
  const select = Array.isArray(raw.select)
    ? raw.select.filter((c): c is string => typeof c === 'string')
    : null
  return {
    raw,
    id: postgresChangeId(raw),
    event: event === 'INSERT' || event === 'UPDATE' || event === 'DELETE' ? event : '*',
    schema: schemaGiven === '' ? 'public' : schemaGiven,
    table: tableGiven === '' ? '*' : tableGiven,
    filter: text(raw.filter).trim(),
    select: select && select.length > 0 ? select : null,
    missingTarget: schemaGiven === '' && tableGiven === '',
  }
}

/**
 * A stable id under 2^27 for a filter object, like the server's `:erlang.phash2(params)`: the
 * same filter always gets the same id, and the client only matches ids it was given.
 */
export function postgresChangeId(raw: Record<string, unknown>): number {
  const digest = createHash('sha1').update(stableStringify(raw)).digest()
  return digest.readUInt32BE(0) & 0x7ffffff
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`
  if (isObject(value)) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(value[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export function flexibleBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  return undefined
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
