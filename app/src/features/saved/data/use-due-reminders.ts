// Saved-for-later reminders as they come due, for the notifier (features/notifications): my
// saved items (any workspace, kept live from my user topic, so a reminder set on another device
// counts too) looked at when one comes due, with one timer for the next, never by polling. While
// the gate is closed (another tab alerts, Do Not Disturb, no permission) nothing is alerted nor
// recorded; when it opens, what is due is alerted then. Each reminder alerts once per browser
// (reminders-due.ts); the Later view's lists are refetched as each comes due.
import { useEffect, useRef, useState } from 'react'
import { fetchReminderMessage } from './reminder-message.ts'
import type { ReminderMessage } from './reminder-message.ts'
import { readAlerted, rememberAlerted, remindersDue } from './reminders-due.ts'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { savedKeys, useMySaved } from './saved.ts'

/** setTimeout's longest wait (about 24.8 days); a later reminder is looked at again then. */
const LONGEST_WAIT_MS = 2_147_000_000

export function useDueReminders(
  me: string,
  open: boolean,
  alert: (message: ReminderMessage) => void
): void {
  const queryClient = useCatchUpClient()
  // Kept live from my user topic, and caught up whenever this listens anew: the notifier starts
  // a moment after the first screen, and a reminder set meanwhile (another device, the API) came
  // on the topic before it listened (saved-reminders.spec: it was never alerted).
  useEffect(() => {
    const again = () => void queryClient.invalidateQueries({ queryKey: savedKeys.all })
    return subscribeLive(liveTopic.user(me), {
      onChange: (change) => {
        if (change.table === 'saved_items') again()
      },
      onJoined: (joined) => {
        if (joined) void catchUp(queryClient, liveTopic.user(me), { queryKey: savedKeys.all })
      },
    })
  }, [me, queryClient])
  const saved = useMySaved()
  const [tick, setTick] = useState(0)
  const latest = useRef(alert)
  useEffect(() => {
    latest.current = alert
  })

  useEffect(() => {
    if (!me) return
    const now = new Date()
    const entries = [...saved].map(([messageId, s]) => ({ messageId, ...s }))
    const { due, next } = remindersDue(entries, readAlerted(me), now)
    if (open) {
      for (const { messageId, key } of due) {
        rememberAlerted(me, key, now)
        fetchReminderMessage(messageId).then(
          (m) => m && latest.current(m),
          () => undefined
        )
      }
    }
    if (!next) return
    const timer = window.setTimeout(
      () => {
        void queryClient.invalidateQueries({ queryKey: savedKeys.all })
        setTick((t) => t + 1)
      },
      Math.min(next.getTime() - now.getTime() + 50, LONGEST_WAIT_MS)
    )
    return () => window.clearTimeout(timer)
  }, [me, saved, open, tick, queryClient])
}
