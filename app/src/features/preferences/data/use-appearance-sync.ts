// My appearance follows my account across devices: once the server has answered after the first
// screen, an appearance that differs from this device's copy is kept here and painted (no reload:
// the theme and density are attributes of <html>, lib/appearance.ts).
import { useEffect } from 'react'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { deviceAppearance, keepAppearance, useAccountAppearance } from './appearance.ts'

export function useAppearanceSync(me: string): void {
  const later = useAfterFirstScreen()
  const account = useAccountAppearance(later && me !== '')
  const fetched = account.isFetchedAfterMount ? account.data : undefined
  useEffect(() => {
    if (!fetched) return
    const here = deviceAppearance()
    if (here.theme !== fetched.theme || here.density !== fetched.density) keepAppearance(fetched)
  }, [fetched])
}
