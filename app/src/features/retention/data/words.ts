// Retention in words (pure): how long a choice keeps messages, what a channel keeps (its own
// choice, else the workspace's), and the sentence that says what will be deleted and when.
import { msg, plural, t } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { dateFormat } from '../../../lib/date-formats.ts'

export type DeletedAccounts = 'keep' | 'anonymize' | 'remove'

/** The choices offered (null: forever); any other number of days from 1 to 36500 also works. */
export const KEEP_CHOICES: readonly (number | null)[] = [null, 1, 7, 30, 90, 180, 365, 730, 1825]

export const MAX_KEEP_DAYS = 36500

const DAY_MS = 24 * 60 * 60 * 1000

/** A period's words, in whole years when it is some (365 days a year), else in days: each
 * sentence that names a period has its two messages, so that each language says it whole. */
export function byPeriod(
  days: number,
  inYears: (years: number) => string,
  inDays: (days: number) => string
): string {
  return days >= 365 && days % 365 === 0 ? inYears(days / 365) : inDays(days)
}

/** "Forever", "1 day", "90 days", "1 year", "5 years". */
export function keepLabel(days: number | null): string {
  if (days === null) return t`Forever`
  return byPeriod(
    days,
    (years) => plural(years, { one: '# year', other: '# years' }),
    (days) => plural(days, { one: '# day', other: '# days' })
  )
}

/** What a channel keeps: its own choice when it has one (null: forever), else the workspace's. */
export function effectiveDays(
  workspaceDays: number | null,
  channelChoice: { keepDays: number | null } | undefined
): number | null {
  return channelChoice ? channelChoice.keepDays : workspaceDays
}

/** The sentence under a choice: what goes, and from when. */
export function retentionSentence(days: number | null, now: Date = new Date()): string {
  if (days === null) return t`Messages and files are kept forever.`
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  const date = dateFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(cutoff)
  return byPeriod(
    days,
    (years) =>
      plural(years, {
        one: `Messages and files older than # year are deleted, every hour: the next run deletes what was posted before ${date}. A reply goes by its own age; a thread whose newer replies are kept shows its first message as deleted.`,
        other: `Messages and files older than # years are deleted, every hour: the next run deletes what was posted before ${date}. A reply goes by its own age; a thread whose newer replies are kept shows its first message as deleted.`,
      }),
    (days) =>
      plural(days, {
        one: `Messages and files older than # day are deleted, every hour: the next run deletes what was posted before ${date}. A reply goes by its own age; a thread whose newer replies are kept shows its first message as deleted.`,
        other: `Messages and files older than # days are deleted, every hour: the next run deletes what was posted before ${date}. A reply goes by its own age; a thread whose newer replies are kept shows its first message as deleted.`,
      })
  )
}

/** "Deleted after 90 days": what a channel keeps, under its name. */
export function deletedAfter(days: number): string {
  return byPeriod(
    days,
    (years) => plural(years, { one: 'Deleted after # year', other: 'Deleted after # years' }),
    (days) => plural(days, { one: 'Deleted after # day', other: 'Deleted after # days' })
  )
}

/** A number of days typed in: a whole number from 1 to 36500, else null (not valid). */
export function parseDays(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null
  const days = Number(text.trim())
  return days >= 1 && days <= MAX_KEEP_DAYS ? days : null
}

/** What deleting an account does with the person's messages (labels and hints: i18n._). */
export const DELETED_ACCOUNT_CHOICES: readonly {
  value: DeletedAccounts
  label: MessageDescriptor
  hint: MessageDescriptor
}[] = [
  {
    value: 'keep',
    label: msg`Keep them under the person’s name`,
    hint: msg`Their messages stay as they were, shown as written by them (deactivated).`,
  },
  {
    value: 'anonymize',
    label: msg`Keep them anonymously`,
    hint: msg`Their messages stay, shown as written by a deactivated user, without a name.`,
  },
  {
    value: 'remove',
    label: msg`Remove them`,
    hint: msg`Their messages and files are deleted. A thread they started that others replied to stays, its first message shown as deleted.`,
  },
]
