// My drafts' list kept true as saves answer: a box emptied while a read of the list is on its way
// (the Drafts view opened as the composer was cleared) stays emptied when that read, made before
// the save, answers.
import { describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { makeQueryClient } from '../../../lib/query-client.ts'
import { draftKeys, saveDraft, useDrafts } from './drafts.ts'

const server = vi.hoisted(() => ({
  row: {
    id: 'd1',
    workspace_id: 'w',
    channel_id: 'c',
    parent_id: null as string | null,
    body: 'Notes for the launch review',
    edited_at: '2026-11-29T10:00:00.000Z',
  },
  /** Reads of the list held until released, each with the rows as they were when read. */
  held: [] as (() => void)[],
}))

vi.mock('../../../lib/supabase.ts', () => ({
  supabase: () => ({
    from: () => ({
      select: () => ({
        eq: () => ({
          order: () => ({
            limit: async () => {
              const read = [{ ...server.row }]
              await new Promise<void>((resolve) => server.held.push(resolve))
              return { data: read, error: null }
            },
          }),
        }),
      }),
    }),
    rpc: async (_fn: string, args: { p_body: string; p_edited_at: string }) => {
      server.row = { ...server.row, body: args.p_body, edited_at: args.p_edited_at }
      return { data: { ...server.row }, error: null }
    },
  }),
}))

function mount() {
  const client = makeQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const { result } = renderHook(() => useDrafts('w'), { wrapper })
  return { client, result }
}

describe('saveDraft', () => {
  it('keeps an emptied box emptied when a read made before the save answers after it', async () => {
    const { client, result } = mount()
    await vi.waitFor(() => expect(server.held).toHaveLength(1))
    server.held.shift()!()
    await waitFor(() => expect(result.current.data?.[0]?.body).toContain('Notes'))

    // The Drafts view reads the list again; before its answer, the box is emptied and saved.
    void client.refetchQueries({ queryKey: draftKeys.list('w') })
    await vi.waitFor(() => expect(server.held).toHaveLength(1))
    const stale = server.held.shift()!
    const editedAt = Date.parse('2026-11-29T10:00:05.000Z')
    await saveDraft(client, { channelId: 'c', parentId: null, body: '', editedAt })
    stale()
    // Read again after the save: the emptied row, not the text.
    await vi.waitFor(() => expect(server.held).toHaveLength(1))
    server.held.shift()!()
    await waitFor(() => expect(result.current.isFetching).toBe(false))
    expect(result.current.data?.map((d) => d.body)).toEqual([''])
  })
})
