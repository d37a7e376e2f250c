// Which people are bots (profiles.is_bot, readable for everyone I share a workspace with): one
// small query, kept five minutes (and refreshed when the Bots section makes one). The open
// channel's message extension fetches it; BotBadge only reads the cache, so each name shown costs
// no query observer.
import { useCallback, useContext, useSyncExternalStore } from 'react'
import { QueryClientContext, useQuery } from '@tanstack/react-query'
import { STALE } from '../../../lib/query-client.ts'
import { supabase } from '../../../lib/supabase.ts'

export const botIdsKey = ['bots', 'ids'] as const

async function fetchBotIds(): Promise<string[]> {
  const { data, error } = await supabase().from('profiles').select('id').eq('is_bot', true)
  if (error) throw error
  return data.map((row) => row.id)
}

/** The bots' user ids, fetched and kept. */
export function useBotIdsQuery() {
  return useQuery({ queryKey: botIdsKey, queryFn: fetchBotIds, staleTime: STALE.MINUTES.FIVE })
}

const noop = () => {}

/** Whether the user is a bot, as far as the cache knows (it never fetches). */
export function useIsBot(userId: string | null | undefined): boolean {
  const client = useContext(QueryClientContext)
  const subscribe = useCallback(
    (onChange: () => void) => (client ? client.getQueryCache().subscribe(onChange) : noop),
    [client]
  )
  const ids = useSyncExternalStore(subscribe, () => client?.getQueryData<string[]>(botIdsKey))
  return !!userId && !!ids?.includes(userId)
}
