// Notifications' rules, as pure functions: the settings' types, Do Not Disturb (whether it holds
// alerts now, and when that may change) and the title's count. The first screen's badges are
// badges.ts's; whether a message alerts is notify-rule.ts's. No React, no supabase-js.

export type NotifyLevel = 'all' | 'mentions' | 'nothing'

export type ChannelKind = 'public' | 'private' | 'dm'

/** A person's settings for one channel (channel_members.notify_level / muted). */
export interface ChannelPrefs {
  kind: ChannelKind
  /** null: the default (all for a direct message, else the workspace default). */
  level: NotifyLevel | null
  muted: boolean
}

/** Do Not Disturb: a daily schedule in a time zone, and a snooze until a time. */
export interface DoNotDisturb {
  enabled: boolean
  /** 'HH:MM' or 'HH:MM:SS', local times in timeZone; an end before the start runs overnight. */
  start: string
  end: string
  /** An IANA time zone, e.g. Europe/Paris. */
  timeZone: string
  /** ISO time; no alerts before it. */
  snoozeUntil: string | null
}

export interface MessageFacts {
  authorId: string
  /** The ids mentioned (messages.mentions). */
  mentions: readonly string[]
  deleted?: boolean
  /** Read already when decided (my read position is at or past it, here or on another device). */
  read?: boolean
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':')
  return Number(h) * 60 + Number(m)
}

/** The minutes since midnight at `now` in the time zone (UTC if the zone is unknown). */
export function localMinutes(now: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[]
  try {
    // eslint-disable-next-line no-restricted-syntax -- arithmetic, not a label; this file imports nothing
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now)
  } catch {
    return now.getUTCHours() * 60 + now.getUTCMinutes()
  }
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return value('hour') * 60 + value('minute')
}

/** Whether Do Not Disturb holds alerts at `now` (snoozed, or inside the daily schedule). */
export function dndActive(dnd: DoNotDisturb, now: Date): boolean {
  if (dnd.snoozeUntil && Date.parse(dnd.snoozeUntil) > now.getTime()) return true
  if (!dnd.enabled) return false
  const start = minutesOf(dnd.start)
  const end = minutesOf(dnd.end)
  const at = localMinutes(now, dnd.timeZone)
  return start < end ? at >= start && at < end : at >= start || at < end
}

/**
 * When dndActive(dnd, ·) may next change after `now`: the end of a snooze, and while a daily
 * schedule is on the next whole minute (the schedule's times are minutes); null: it cannot.
 */
export function dndNextChange(dnd: DoNotDisturb, now: Date): Date | null {
  const times: number[] = []
  const snooze = dnd.snoozeUntil ? Date.parse(dnd.snoozeUntil) : Number.NaN
  if (snooze > now.getTime()) times.push(snooze)
  if (dnd.enabled) times.push(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000)
  return times.length > 0 ? new Date(Math.min(...times)) : null
}

/** The document title with the total count first: "(3) Chorus". */
export function titleWith(total: number, title: string): string {
  const bare = title.replace(/^\(\d+\+?\) /, '')
  return total > 0 ? `(${total > 99 ? '99+' : total}) ${bare}` : bare
}
