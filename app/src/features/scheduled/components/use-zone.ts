// My time zone for send later: my profile's (profiles.time_zone), else this device's.
import { useUserId } from '../../auth/index.ts'
import { useProfileQuery } from '../../profiles/index.ts'
import { zoneOrDefault } from '../data/times.ts'

export function useZone(): string {
  const profile = useProfileQuery(useUserId())
  return zoneOrDefault(profile.data?.timeZone)
}
