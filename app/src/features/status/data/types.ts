import type { Tables } from '../../../lib/database.types.ts'

export type ClearAfter = '30_minutes' | 'today' | 'this_week' | 'never'

export interface Status {
  userId: string
  emoji: string
  text: string
  /** When it reads as none (ISO time), or null: never. */
  clearAt: string | null
}

/** Statuses by person id. */
export type Statuses = Readonly<Record<string, Status>>

export type StatusRow = Pick<Tables<'user_statuses'>, 'user_id' | 'emoji' | 'text' | 'clear_at'>

export function toStatus(row: StatusRow): Status {
  return { userId: row.user_id, emoji: row.emoji, text: row.text, clearAt: row.clear_at }
}

/** Whether the status still shows at `now` (the database reads an expired one as none too). */
export function isCurrent(status: Status | undefined, now: number): status is Status {
  return !!status && (status.clearAt === null || Date.parse(status.clearAt) > now)
}
