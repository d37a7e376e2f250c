// Which saved-for-later reminders are due to alert now, and when the next one is (pure, tested),
// and the reminders this browser has alerted about already (localStorage, under a hash of the
// person's id, as the emoji picker keeps its own: signing out leaves no id behind). A reminder is
// one message at one time: moved to another time, it alerts again; done, never.
import { browserStore, readJson, writeJson } from '../../../lib/local-store.ts'
import type { KeyValueStore } from '../../../lib/local-store.ts'

/** A reminder due longer ago than this (the browser was closed) is only in the Later view. */
export const REMINDER_LATE_MS = 24 * 3600_000

export interface ReminderEntry {
  messageId: string
  remindAt: string | null
  doneAt: string | null
}

/** A reminder's identity: its message and its time. */
export function reminderKey(messageId: string, remindAt: string): string {
  return `${messageId}@${Date.parse(remindAt)}`
}

export interface RemindersDue {
  /** The reminders due now and not yet alerted, oldest first. */
  due: { messageId: string; key: string }[]
  /** When the next reminder comes due, or null. */
  next: Date | null
}

export function remindersDue(
  entries: Iterable<ReminderEntry>,
  alerted: ReadonlySet<string>,
  now: Date
): RemindersDue {
  const due: { messageId: string; key: string; at: number }[] = []
  let next: number | null = null
  for (const e of entries) {
    if (!e.remindAt || e.doneAt) continue
    const at = Date.parse(e.remindAt)
    if (Number.isNaN(at)) continue
    if (at > now.getTime()) {
      next = next === null ? at : Math.min(next, at)
      continue
    }
    const key = reminderKey(e.messageId, e.remindAt)
    if (now.getTime() - at > REMINDER_LATE_MS || alerted.has(key)) continue
    due.push({ messageId: e.messageId, key, at })
  }
  due.sort((a, b) => a.at - b.at)
  return {
    due: due.map(({ messageId, key }) => ({ messageId, key })),
    next: next === null ? null : new Date(next),
  }
}

function storeKey(userId: string): string {
  // FNV-1a, 32 bits: enough to keep two people on one browser apart.
  let h = 0x811c9dc5
  for (let i = 0; i < userId.length; i++) {
    h ^= userId.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return `chorus.reminded.v1.${h.toString(16)}`
}

/** The reminders alerted about already, in this browser. */
export function readAlerted(userId: string, store: KeyValueStore = browserStore()): Set<string> {
  const list = readJson<unknown>(store, storeKey(userId), [])
  return new Set(Array.isArray(list) ? list.filter((k) => typeof k === 'string') : [])
}

/** Records an alert; keys of reminders too old to alert again are dropped. */
export function rememberAlerted(
  userId: string,
  key: string,
  now: Date,
  store: KeyValueStore = browserStore()
): void {
  const kept = [...readAlerted(userId, store)].filter(
    (k) => now.getTime() - Number(k.split('@')[1]) <= REMINDER_LATE_MS
  )
  writeJson(store, storeKey(userId), [...new Set([...kept, key])])
}
