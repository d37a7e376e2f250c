// The set-up of notifications.test.ts: a stack with the matrix's world, and the notification
// RPCs as a person calls them (role authenticated, their claims): a call, a refusal's code,
// message and detail, the settings read back, the workspace badges, and channels marked read.
import type { TransactionSql } from 'postgres'
import { asRole } from './world.ts'
import type { Person } from './world.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface Settings {
  default_level: string
  dnd_enabled: boolean
  dnd_start: string
  dnd_end: string
  dnd_time_zone: string
  snooze_until: Date | null
  email_enabled: boolean
  email_delay_minutes: number
}

export interface NotificationsWorld extends WorldStack {
  /** fn as the person's role with their claims, committed. */
  as: <T>(person: Person | null, fn: (tx: TransactionSql) => Promise<T>) => Promise<T>
  /** The refusal fn meets as the person: its code, message and detail. */
  refusal: (
    person: Person | null,
    fn: (tx: TransactionSql) => Promise<unknown>
  ) => Promise<{ code: string | undefined; message: string; detail: string | undefined }>
  settingsOf: (person: Person, ws?: string) => Promise<Settings>
  badges: (
    person: Person
  ) => Promise<{ workspace_id: string; mention_count: string; has_unread: boolean }[]>
  readAll: (person: Person, channels: string[]) => Promise<void>
}

/** Registers the file's beforeAll/afterAll; the stack and world are set once beforeAll has run. */
export function useNotificationsWorld(): NotificationsWorld {
  const t = useWorldStack({} as NotificationsWorld)
  t.as = function as<T>(person: Person | null, fn: (tx: TransactionSql) => Promise<T>): Promise<T> {
    return asRole(t.stack.sql, person, fn)
  }

  t.refusal = async function refusal(
    person: Person | null,
    fn: (tx: TransactionSql) => Promise<unknown>
  ) {
    try {
      await t.as(person, fn)
    } catch (error) {
      const e = error as { code?: string; message: string; detail?: string }
      return { code: e.code, message: e.message, detail: e.detail }
    }
    throw new Error('expected a refusal')
  }

  t.settingsOf = async function settingsOf(person: Person, ws = t.world.ws): Promise<Settings> {
    return t.as(person, async (tx) => {
      const [row] = await tx<Settings[]>`select * from public.my_notification_settings(${ws})`
      return row!
    })
  }
  t.badges = async function badges(person: Person) {
    return t.as(
      person,
      (tx) => tx<{ workspace_id: string; mention_count: string; has_unread: boolean }[]>`
      select * from public.workspace_badges()`
    )
  }
  t.readAll = (person: Person, channels: string[]) =>
    t.as(person, async (tx) => {
      for (const c of channels) await tx`select public.mark_read(${c})`
    })
  return t
}
