// Which people are bots (profiles.is_bot, readable for everyone I share a workspace with): one
// small query, kept five minutes (and asked again when the Bots section makes one, or when the
// BOT marker meets a newer message from an author it does not know).
import { useQuery } from '@tanstack/react-query'
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
