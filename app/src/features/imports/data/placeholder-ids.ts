// Which people are imported placeholders (profiles.is_placeholder: a person of a Slack import who
// has not claimed their history yet; readable as any co-worker's profile): one small query, kept
// five minutes, asked again when the imports dialog sees an import finish.
import { useQuery } from '@tanstack/react-query'
import { STALE } from '../../../lib/query-client.ts'
import { supabase } from '../../../lib/supabase.ts'

export const placeholderIdsKey = ['imports', 'placeholders'] as const

async function fetchPlaceholderIds(): Promise<string[]> {
  const { data, error } = await supabase().from('profiles').select('id').eq('is_placeholder', true)
  if (error) throw error
  return data.map((row) => row.id)
}

/** The imported placeholders' ids, fetched and kept. */
export function usePlaceholderIdsQuery() {
  return useQuery({
    queryKey: placeholderIdsKey,
    queryFn: fetchPlaceholderIds,
    staleTime: STALE.MINUTES.FIVE,
  })
}
