// Save, done and remove over supabase-js (the database checks I can read the message): the
// Later view's and the reminder dialog's, not the first screen's (one click saves by save-now.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { rpcOne } from '../../../lib/rpc.ts'
import { savedKeys } from './saved.ts'

export type SaveChange =
  | { kind: 'save'; messageId: string; remindAt: string | null }
  | { kind: 'done'; messageId: string; done: boolean }
  | { kind: 'remove'; messageId: string }

export function useSaveMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: SaveChange) => {
      switch (change.kind) {
        case 'save':
          await rpcOne('save_message', {
            p_message_id: change.messageId,
            ...(change.remindAt ? { p_remind_at: change.remindAt } : {}),
          })
          return
        case 'done':
          await rpcOne('set_saved_done', { p_message_id: change.messageId, p_done: change.done })
          return
        case 'remove':
          await rpcOne('unsave_message', { p_message_id: change.messageId })
          return
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedKeys.all }),
  })
}
