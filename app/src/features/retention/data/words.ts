// Retention in words (pure): how long a choice keeps messages, what a channel keeps (its own
// choice, else the workspace's), and the sentence that says what will be deleted and when.

export type DeletedAccounts = 'keep' | 'anonymize' | 'remove'

/** The choices offered (null: forever); any other number of days from 1 to 36500 also works. */
export const KEEP_CHOICES: readonly (number | null)[] = [null, 1, 7, 30, 90, 180, 365, 730, 1825]

export const MAX_KEEP_DAYS = 36500

const DAY_MS = 24 * 60 * 60 * 1000

/** "Forever", "1 day", "90 days", "1 year", "5 years". */
export function keepLabel(days: number | null): string {
  if (days === null) return 'Forever'
  if (days >= 365 && days % 365 === 0) {
    const years = days / 365
    return years === 1 ? '1 year' : `${years} years`
  }
  return days === 1 ? '1 day' : `${days} days`
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
  if (days === null) return 'Messages and files are kept forever.'
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  const date = cutoff.toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  })
  return (
    `Messages and files older than ${keepLabel(days).toLowerCase()} are deleted, every hour: ` +
    `the next run deletes what was posted before ${date}. A reply goes by its own age; a thread ` +
    'whose newer replies are kept shows its first message as deleted.'
  )
}

/** A number of days typed in: a whole number from 1 to 36500, else null (not valid). */
export function parseDays(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null
  const days = Number(text.trim())
  return days >= 1 && days <= MAX_KEEP_DAYS ? days : null
}

export const DELETED_ACCOUNT_CHOICES: readonly {
  value: DeletedAccounts
  label: string
  hint: string
}[] = [
  {
    value: 'keep',
    label: 'Keep them under the person’s name',
    hint: 'Their messages stay as they were, shown as written by them (deactivated).',
  },
  {
    value: 'anonymize',
    label: 'Keep them anonymously',
    hint: 'Their messages stay, shown as written by a deactivated user, without a name.',
  },
  {
    value: 'remove',
    label: 'Remove them',
    hint: 'Their messages and files are deleted. A thread they started that others replied to stays, its first message shown as deleted.',
  },
]
