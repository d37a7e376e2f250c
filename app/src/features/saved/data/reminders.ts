// The reminder choices of "Save for later", as times from now (pure, tested).
export type ReminderChoice = 'none' | 'hour' | 'tomorrow' | 'date'

/** When a choice reminds, from `now`; 'date' takes a datetime-local value; null: no reminder. */
export function reminderTime(choice: ReminderChoice, now: Date, date = ''): Date | null {
  switch (choice) {
    case 'none':
      return null
    case 'hour':
      return new Date(now.getTime() + 3600_000)
    case 'tomorrow': {
      const t = new Date(now)
      t.setDate(t.getDate() + 1)
      t.setHours(9, 0, 0, 0)
      return t
    }
    case 'date': {
      const t = new Date(date)
      return Number.isNaN(t.getTime()) ? null : t
    }
  }
}

/** "in 2 hours", "tomorrow at 09:00" style label of a reminder time. */
export function reminderLabel(at: string, now: Date): string {
  const t = new Date(at)
  const time = t.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
  const day = new Date(now)
  day.setHours(0, 0, 0, 0)
  const days = Math.floor((t.getTime() - day.getTime()) / 86_400_000)
  if (days === 0) return `today at ${time}`
  if (days === 1) return `tomorrow at ${time}`
  return `${t.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })} at ${time}`
}
