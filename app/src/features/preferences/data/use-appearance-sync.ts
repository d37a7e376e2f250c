// My appearance follows my account across devices: once the server has answered after the first
// screen, an appearance that differs from this device's copy is kept here and painted (no reload:
// the theme and density are attributes of <html>, lib/appearance.ts), unless this device's is a
// choice the account never got (the page reloaded before its save was answered): that is sent.
import { useEffect } from 'react'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import {
  appearanceUnsaved,
  deviceAppearance,
  keepAppearance,
  markSaved,
  useAccountAppearance,
  useSaveAppearance,
} from './appearance.ts'

export function useAppearanceSync(me: string): void {
  const later = useAfterFirstScreen()
  const account = useAccountAppearance(later && me !== '')
  const fetched = account.isFetchedAfterMount ? account.data : undefined
  const { mutate: save } = useSaveAppearance(me)
  useEffect(() => {
    if (!fetched) return
    const here = deviceAppearance()
    // The same on both: whatever this device had not saved, the account has now.
    if (here.theme === fetched.theme && here.density === fetched.density) markSaved(me)
    // A choice made here that never reached the account (the page went first) is the newer one.
    else if (appearanceUnsaved(me)) save(here)
    else keepAppearance(fetched)
  }, [fetched, me, save])
}
