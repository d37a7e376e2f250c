// My activity in this tab (activity.ts), from the window's input events.
import { useEffect, useState } from 'react'
import { ActivityTimer } from './activity.ts'
import type { Activity } from './activity.ts'

const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const

export function useActivity(): Activity {
  const [activity, setActivity] = useState<Activity>('active')
  useEffect(() => {
    const timer = new ActivityTimer(setActivity)
    const onInput = () => timer.input()
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true })
    timer.start()
    return () => {
      timer.stop()
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput)
    }
  }, [])
  return activity
}
