// The table of cases of "should this person be told?" (notify-cases.json, whose `about` says what
// each field means), typed: run against the browser's side by
// app/src/features/notifications/notify-rule.test.ts and against the database's by
// supabase/tests/notifications-rule.test.ts.
import table from './notify-cases.json'

export type Level = 'all' | 'mentions' | 'nothing'

export interface NotifyCase {
  name: string
  person?: 'member' | 'guest'
  channel: 'public' | 'private' | 'dm'
  level?: Level
  default?: Level
  muted?: boolean
  dnd?: { start: string; end: string; timeZone: string; enabled?: boolean }
  snoozeUntil?: string
  at?: string
  email?: boolean
  active?: boolean
  inGroup?: boolean
  read?: boolean
  hidden?: boolean
  message: {
    byMe?: boolean
    mention?: 'me' | 'someone' | 'channel' | 'here' | 'group'
    mentionsMe?: boolean
    reply?: 'following' | 'not-following'
    alsoToChannel?: boolean
    deleted?: boolean
  }
  told: { browser: boolean; push: boolean; email: 'now' | 'held' | 'no' }
  /** Which ways show the message's text (absent: every way that tells). */
  text?: { browser: boolean; push: boolean; email: boolean }
}

export const NOTIFY_CASES: readonly NotifyCase[] = table.cases as NotifyCase[]
