// Polls over supabase-js: a message's poll with its results (poll_results), kept fresh from the
// channel's live topic (each vote and close touches the poll's row, whose change comes there
// without a voter), voting (vote_poll, shown at once and put right by the answer), closing
// (close_poll). Making one is create-poll.ts's (the dialog's and /poll's chunk, not the card's).
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveTopic, subscribeLive } from '../../../lib/live.ts'
import { catchUp, useCatchUpClient } from '../../../lib/live-catch-up.ts'
import { rpcOne, rpcRows } from '../../../lib/rpc.ts'

export interface PollOption {
  id: string
  label: string
  votes: number
  mine: boolean
  /** Who chose it, first first; null in an anonymous poll. */
  votedBy: string[] | null
}

export interface Poll {
  id: string
  messageId: string
  authorId: string | null
  question: string
  multiple: boolean
  anonymous: boolean
  endsAt: string | null
  /** When it closed (by its author, or at its end); null while open. */
  closedAt: string | null
  /** How many people voted. */
  voters: number
  options: PollOption[]
}

export const pollKey = (messageId: string) => ['polls', messageId] as const

function toPoll(raw: Record<string, unknown>): Poll {
  const options = (raw.options as Record<string, unknown>[] | null) ?? []
  return {
    id: String(raw.id),
    messageId: String(raw.message_id),
    authorId: (raw.author_id as string | null) ?? null,
    question: String(raw.question ?? ''),
    multiple: raw.multiple === true,
    anonymous: raw.anonymous === true,
    endsAt: (raw.ends_at as string | null) ?? null,
    closedAt: (raw.closed_at as string | null) ?? null,
    voters: Number(raw.voters ?? 0),
    options: options.map((o) => ({
      id: String(o.id),
      label: String(o.label ?? ''),
      votes: Number(o.votes ?? 0),
      mine: o.mine === true,
      votedBy: (o.voted_by as string[] | null) ?? null,
    })),
  }
}

/** A message's poll (null: it has none, or I cannot read it), live. */
export function usePoll(messageId: string, channelId: string) {
  const queryClient = useCatchUpClient()
  useEffect(
    () =>
      subscribeLive(liveTopic.channel(channelId), {
        onChange: (change) => {
          if (change.table === 'polls' && change.record.message_id === messageId)
            void queryClient.invalidateQueries({ queryKey: pollKey(messageId) })
        },
        // what changed while the topic was away
        onJoined: (joined) => {
          if (joined)
            void catchUp(queryClient, liveTopic.channel(channelId), {
              queryKey: pollKey(messageId),
            })
        },
      }),
    [channelId, messageId, queryClient]
  )
  return useQuery({
    queryKey: pollKey(messageId),
    queryFn: async (): Promise<Poll | null> => {
      const rows = await rpcRows('poll_results', { p_message_ids: [messageId] })
      const raw = rows[0]?.poll
      return raw && typeof raw === 'object' ? toPoll(raw as Record<string, unknown>) : null
    },
  })
}

/** My choice after clicking an option: one (or none, clicking mine) in a single-choice poll, a
 *  toggle in a multiple-choice one. */
export function choiceAfter(poll: Poll, optionId: string): string[] {
  const mine = poll.options.filter((o) => o.mine).map((o) => o.id)
  if (!poll.multiple) return mine.includes(optionId) ? [] : [optionId]
  return mine.includes(optionId) ? mine.filter((id) => id !== optionId) : [...mine, optionId]
}

/** The poll as it will be once my choice is in: counts and voters moved at once. */
export function withChoice(poll: Poll, chosen: readonly string[], me: string): Poll {
  const before = poll.options.some((o) => o.mine)
  const after = chosen.length > 0
  return {
    ...poll,
    voters: poll.voters + (after ? 1 : 0) - (before ? 1 : 0),
    options: poll.options.map((o) => {
      const mine = chosen.includes(o.id)
      if (mine === o.mine) return o
      return {
        ...o,
        mine,
        votes: o.votes + (mine ? 1 : -1),
        votedBy: o.votedBy && (mine ? [...o.votedBy, me] : o.votedBy.filter((id) => id !== me)),
      }
    }),
  }
}

export function useVote(messageId: string, me: string) {
  const queryClient = useQueryClient()
  const key = pollKey(messageId)
  return useMutation({
    mutationFn: (chosen: string[]) =>
      rpcRows('vote_poll', { p_message_id: messageId, p_option_ids: chosen }),
    onMutate: async (chosen) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Poll | null>(key)
      if (before) queryClient.setQueryData(key, withChoice(before, chosen, me))
      return { before }
    },
    onError: (_error, _chosen, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useClosePoll(messageId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => rpcOne('close_poll', { p_message_id: messageId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pollKey(messageId) }),
  })
}
