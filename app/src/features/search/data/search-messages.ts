// Message search over search_messages() (RLS decides what it sees): a parsed query in, hits out.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { rpcRows } from '../../../lib/rpc.ts'
import { isEmptyQuery, sentTerm, timeRange } from '../query.ts'
import type { SearchQuery } from '../query.ts'

export type SearchOrder = 'newest' | 'relevance'

export interface SearchHit {
  id: string
  channelId: string
  seq: number
  authorId: string
  createdAt: string
  snippet: string
  fileNames: string[]
}

export const searchKeys = {
  all: ['search'] as const,
  messages: (workspaceId: string, query: SearchQuery | null, order: SearchOrder) =>
    ['search', workspaceId, 'messages', order, query] as const,
}

export async function searchMessages(
  workspaceId: string,
  q: SearchQuery,
  order: SearchOrder,
  limit = 30
): Promise<SearchHit[]> {
  const { from, to } = timeRange(q)
  const rows = await rpcRows('search_messages', {
    p_workspace_id: workspaceId,
    p_terms: q.terms.map((text) => sentTerm(q, text)),
    p_excluded: q.excluded.map((text) => sentTerm(q, text)),
    p_in: q.inChannels,
    p_from: q.from,
    p_mentions: q.mentions,
    p_has_file: q.hasFile,
    p_has_link: q.hasLink,
    p_is_thread: q.isThread,
    ...(from ? { p_after: from.toISOString() } : {}),
    ...(to ? { p_before: to.toISOString() } : {}),
    p_order: order,
    p_limit: limit,
  })
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channel_id,
    seq: Number(r.seq),
    authorId: r.author_id ?? '',
    createdAt: r.created_at,
    snippet: r.snippet ?? '',
    fileNames: r.file_names ?? [],
  }))
}

/** Hits for a parsed query (null: nothing to search); the previous hits stay while typing. */
export function useSearchMessages(
  workspaceId: string,
  query: SearchQuery | null,
  order: SearchOrder
) {
  return useQuery({
    queryKey: searchKeys.messages(workspaceId, query, order),
    queryFn: () => searchMessages(workspaceId, query!, order),
    enabled: query !== null && !isEmptyQuery(query),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })
}
