// A message's earlier versions (message_versions: kept by the database on every edit, readable
// by whoever can read the message), the oldest first.
import { useQuery } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'

export interface MessageVersion {
  body: string
  writtenAt: string
  replacedAt: string
}

export function useEditHistory(messageId: string, editedAt: string | null) {
  return useQuery({
    // A new edit is a new version: the key follows the message's edit time.
    queryKey: ['messages', 'versions', messageId, editedAt] as const,
    queryFn: async (): Promise<MessageVersion[]> => {
      const { data, error } = await supabase()
        .from('message_versions')
        .select('body, written_at, replaced_at')
        .eq('message_id', messageId)
        .order('replaced_at', { ascending: true })
      if (error) throw error
      return data.map((v) => ({ body: v.body, writtenAt: v.written_at, replacedAt: v.replaced_at }))
    },
  })
}
