// "Active now", for @here: while a workspace is open in a visible tab, the app tells the database
// so once a minute (touch_activity; @here reaches those seen in the last two minutes). Realtime
// presence shows who is online to people; the database cannot read it, on a hosted project either.
import { useEffect } from 'react'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { supabase } from '../../../lib/supabase.ts'

export const ACTIVITY_EVERY_MS = 60_000

export function useActivityBeacon(workspaceId: string): void {
  const later = useAfterFirstScreen()
  useEffect(() => {
    if (!later) return
    const touch = () => {
      if (document.visibilityState !== 'visible') return
      // A builder sends nothing until it is awaited; a failure only waits for the next minute.
      void supabase()
        .rpc('touch_activity', { p_workspace_id: workspaceId })
        .then(() => undefined)
    }
    touch()
    const timer = window.setInterval(touch, ACTIVITY_EVERY_MS)
    document.addEventListener('visibilitychange', touch)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', touch)
    }
  }, [workspaceId, later])
}
