// My time zone for send later: my profile's (profiles.time_zone), else this device's. Read once
// per session with a plain select, not a query hook: the send button's chunk stays free of
// TanStack Query's observer, which would otherwise join the first screen's shared code.
import { useEffect, useState } from 'react'
import { supabase } from '../../../lib/supabase.ts'
import { useUserId } from '../../auth/index.ts'
import { zoneOrDefault } from './times.ts'

const zones = new Map<string, Promise<string | null>>()

function profileZone(me: string): Promise<string | null> {
  let zone = zones.get(me)
  if (!zone) {
    zone = Promise.resolve(
      supabase().from('profiles').select('time_zone').eq('id', me).maybeSingle()
    ).then(({ data }) => data?.time_zone ?? null)
    zone.catch(() => zones.delete(me))
    zones.set(me, zone)
  }
  return zone
}

export function useZone(): string {
  const me = useUserId()
  const [zone, setZone] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    profileZone(me).then(
      (z) => live && setZone(z),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [me])
  return zoneOrDefault(zone)
}
