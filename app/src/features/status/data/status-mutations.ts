// Setting and clearing my status (set_status() validates: 22023 with the reason otherwise).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'
import { localTimeZone } from './clear-after.ts'
import { statusKeys } from './keys.ts'
import { toStatus } from './types.ts'
import type { ClearAfter, Statuses } from './types.ts'

export interface StatusInput {
  emoji: string
  text: string
  clearAfter: ClearAfter
}

export function useSetStatus(me: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: StatusInput) =>
      rpcOne('set_status', {
        p_emoji: input.emoji,
        p_text: input.text,
        p_clear_after: input.clearAfter,
        p_time_zone: localTimeZone(),
      }),
    onSuccess: (row) => {
      client.setQueryData<Statuses>(statusKeys.all, (current) => ({
        ...current,
        [me]: toStatus(row),
      }))
    },
  })
}

export function useClearStatus(me: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => rpcRows('clear_status'),
    onSuccess: () => {
      client.setQueryData<Statuses>(statusKeys.all, (current) => {
        if (!current) return current
        const next = { ...current }
        delete next[me]
        return next
      })
    },
  })
}
