// My time zone from my browser (issue 68): a profile without one (a first sign-in, or made before
// profiles had one) gets this browser's, once the server has said it has none, a moment after the
// first screen (never on its path). Changing it afterwards is the profile dialog's; a trip does
// not move it, as in Slack without "automatic".
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { browserTimeZone } from './time-zone.ts'
import { profileKeys } from './keys.ts'
import { useServerProfile } from './profile-query.ts'
import { updateProfile } from './profile-update-mutation.ts'
import type { Profile } from './types.ts'

export function useTimeZoneSync(me: string): void {
  const client = useQueryClient()
  const later = useAfterFirstScreen()
  const profile = useServerProfile(me, later && me !== '')
  const missing = profile.isFetchedAfterMount && profile.data?.timeZone === null
  useEffect(() => {
    const zone = browserTimeZone()
    if (!missing || !zone) return
    updateProfile(me, { timeZone: zone }).then(
      () => client.setQueryData<Profile>(profileKeys.one(me), (p) => p && { ...p, timeZone: zone }),
      // A zone the server does not know (a browser's odd name): left unset, not asked again here.
      () => undefined
    )
  }, [client, me, missing])
}
