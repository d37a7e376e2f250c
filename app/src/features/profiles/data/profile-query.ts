import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'
import { STALE } from '../../../lib/query-client.ts'
import { profileKeys } from './keys.ts'
import { toProfile } from './types.ts'
import type { Profile } from './types.ts'

export async function fetchProfile(id: string): Promise<Profile> {
  const { data, error } = await supabase()
    .from('profiles')
    .select('id, display_name, avatar_path, language, time_zone')
    .eq('id', id)
    .single()
  if (error) throw error
  return toProfile(data)
}

const profileQuery = (id: string) =>
  queryOptions({
    queryKey: profileKeys.one(id),
    queryFn: () => fetchProfile(id),
    staleTime: STALE.MINUTES.FIVE,
  })

export function useProfileQuery(id: string, enabled = true) {
  return useQuery({ ...profileQuery(id), enabled })
}

/** My profile as the server has it once this hook mounts, read then whatever the cache holds:
 * what the syncs decide on (isFetchedAfterMount). They mount after the first screen, when the
 * profile dialog or a card may have read it already: fresh for five minutes, it was not read
 * again, and the syncs never saw an answer of their own. */
export function useServerProfile(me: string, enabled: boolean) {
  return useQuery({ ...profileQuery(me), refetchOnMount: 'always', enabled })
}
