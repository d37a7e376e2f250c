// Whether my Do Not Disturb holds alerts now (my settings: a daily schedule or a snooze), looked
// at again only when it may change (the snooze's end, each minute while a schedule is on).
import { useEffect, useState } from 'react'
import { useNotificationSettings } from '../data/settings.ts'
import { dndActive, dndNextChange } from '../rules.ts'

export function useDndActive(workspaceId: string): boolean {
  const dnd = useNotificationSettings(workspaceId).data?.dnd
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!dnd) return
    const next = dndNextChange(dnd, new Date())
    if (!next) return
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(next.getTime() - Date.now(), 0) + 50, 2_147_000_000)
    )
    return () => window.clearTimeout(timer)
  }, [dnd, now])
  return dnd ? dndActive(dnd, new Date(Math.max(now, Date.now()))) : false
}
