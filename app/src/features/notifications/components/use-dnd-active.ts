// Whether my Do Not Disturb holds alerts now (my settings: a daily schedule or a snooze), looked
// at again only when it may change (the snooze's end, each minute while a schedule is on); the
// caller renders again only when the answer changes.
import { useEffect, useState } from 'react'
import { useNotificationSettings } from '../data/settings.ts'
import { dndActive, dndNextChange } from '../rules.ts'

export function useDndActive(workspaceId: string): boolean {
  const dnd = useNotificationSettings(workspaceId).data?.dnd
  const [active, setActive] = useState(false)
  useEffect(() => {
    if (!dnd) return
    let timer: number | undefined
    const check = () => {
      const now = new Date()
      setActive(dndActive(dnd, now))
      const next = dndNextChange(dnd, now)
      if (!next) return
      const wait = Math.min(Math.max(next.getTime() - Date.now(), 0) + 50, 2_147_000_000)
      timer = window.setTimeout(check, wait)
    }
    check()
    return () => window.clearTimeout(timer)
  }, [dnd])
  return dnd ? active : false
}
