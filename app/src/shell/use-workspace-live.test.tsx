// The sidebar's live topics as the shell wires them (useWorkspaceLive with the channel list's
// patches): a channel's move and my membership's changes are applied to the cached list, and
// the list (channel_list) and my workspaces (my_workspaces) are fetched only to fill a gap: a
// (re)join, or a change of a channel the list should hold but does not.
import { QueryClientProvider } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { testQueryClient } from '../lib/query-client.test-support.ts'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveChange, LiveHandlers } from '../lib/live.ts'
import type * as Live from '../lib/live.ts'
import { afterLiveJoins, forgetListWaits } from '../lib/live.ts'
import { forgetSummaries } from '../lib/message-summaries.ts'
import { channelKeys, useChannelRowPatch, useMembershipPatch } from '../features/channels/index.ts'
import type { Channel } from '../features/channels/index.ts'
import { useWorkspaceLive, workspaceKeys } from '../features/workspaces/index.ts'

const topics = vi.hoisted(() => new Map<string, Set<LiveHandlers>>())

vi.mock('../lib/live.ts', async (original) => ({
  ...(await original<typeof Live>()),
  subscribeLive(topic: string, handlers: LiveHandlers) {
    const set = topics.get(topic) ?? new Set()
    topics.set(topic, set)
    set.add(handlers)
    return () => set.delete(handlers)
  },
}))

// Every query of a table made through supabase-js, by table (the mentions' fallback reads
// messages); each answers with no rows.
const mentionFetches = vi.hoisted(() => [] as string[])
vi.mock('../lib/supabase.ts', () => {
  const query = (): unknown =>
    new Proxy(() => {}, {
      get: (_, key) =>
        key === 'then'
          ? (resolve: (v: unknown) => void) => resolve({ data: [], error: null })
          : query,
      apply: () => query(),
    })
  return {
    supabase: () => ({
      from: (table: string) => {
        mentionFetches.push(table)
        return query()
      },
    }),
  }
})

/** Lets the lazily loaded parts (mentions, memberships) run. */
const settle = () =>
  act(async () => {
    await vi.dynamicImportSettled()
    await Promise.resolve()
  })

const WS = 'w1'
const ME = 'me'

const channel = (id: string, extra: Partial<Channel> = {}): Channel => ({
  id,
  workspaceId: WS,
  kind: 'public',
  name: id,
  topic: null,
  archivedAt: null,
  lastSeq: 10,
  isMember: true,
  isDefault: false,
  createdBy: null,
  lastReadSeq: 10,
  unread: 0,
  mentions: 0,
  dmMembers: [],
  ...extra,
})

let client: QueryClient
/** The queries whose data was asked for again (invalidated), by key. */
let invalidated: string[]

function send(topic: string, change: LiveChange): void {
  act(() => {
    for (const h of topics.get(topic) ?? []) h.onChange(change)
  })
}
const onWorkspace = (change: LiveChange) => send(`live:workspace:${WS}`, change)
const onMine = (change: LiveChange) => send(`live:user:${ME}`, change)
const list = () => client.getQueryData<Channel[]>(channelKeys.list(WS))!

// Stable, as the shell's (memoized): a new key would subscribe again.
const keys = {
  channelsKey: channelKeys.list(WS),
  browseKey: channelKeys.browse(WS),
  rostersKey: channelKeys.rosters(),
}

function render(openChannelId: string | null = null) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(
    () =>
      useWorkspaceLive({
        workspaceId: WS,
        userId: ME,
        ...keys,
        onChannelRow: useChannelRowPatch(WS, ME, openChannelId),
        onMembership: useMembershipPatch(WS),
      }),
    { wrapper }
  )
}

beforeEach(() => {
  vi.useFakeTimers()
  client = testQueryClient()
  invalidated = []
  const invalidate = client.invalidateQueries.bind(client)
  client.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
    invalidated.push(JSON.stringify(filters?.queryKey))
    return invalidate(filters)
  }) as typeof client.invalidateQueries
  client.setQueryData(channelKeys.list(WS), [
    channel('general'),
    channel('secret', { kind: 'private' }),
  ])
  client.setQueryData(workspaceKeys.list(), [])
})

afterEach(() => {
  vi.useRealTimers()
  topics.clear()
  mentionFetches.length = 0
  forgetSummaries()
  forgetListWaits()
})

const move = (id: string, kind: string, from: number, to: number, mentions: string[] = []) => ({
  table: 'channels',
  operation: 'UPDATE' as const,
  record: {
    id,
    workspace_id: WS,
    kind,
    last_seq: to,
    from_seq: from,
    new_messages: Array.from({ length: to - from }, (_, i) => ({
      seq: from + i + 1,
      author_id: 'someone',
      mentions,
    })),
  },
})

describe('the sidebar, live', () => {
  it('a message in a channel of mine moves its unread count and fetches nothing', async () => {
    render()
    onWorkspace(move('general', 'public', 10, 11))
    await settle()
    vi.advanceTimersByTime(1000)
    expect(list()[0]).toMatchObject({ lastSeq: 11, unread: 1, mentions: 0 })
    expect(invalidated).toEqual([])
    expect(mentionFetches).toEqual([])
  })

  it('counts a mention of me from the move itself; fetches them only over a gap', async () => {
    render()
    onWorkspace(move('general', 'public', 10, 11, [ME]))
    await settle()
    expect(list()[0]).toMatchObject({ unread: 1, mentions: 1 })
    expect(mentionFetches).toEqual([])
    // A move missed (12 never heard of): the mentions of 12-13 are fetched, the seq applied.
    onWorkspace(move('general', 'public', 12, 13, [ME]))
    await settle()
    expect(list()[0]).toMatchObject({ lastSeq: 13, unread: 3, mentions: 1 })
    expect(mentionFetches).toEqual(['messages'])
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([])
  })

  it('the first joins of the two topics fetch the list once, when the last is in; a rejoin again', async () => {
    render()
    const joined = (topic: string) =>
      act(() => {
        for (const h of topics.get(topic) ?? []) h.onJoined?.(true)
      })
    const key = JSON.stringify(channelKeys.list(WS))
    joined(`live:user:${ME}`)
    // Seconds apart: the first join alone fetches nothing.
    vi.advanceTimersByTime(2000)
    expect(invalidated).toEqual([])
    joined(`live:workspace:${WS}`)
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([key])
    joined(`live:user:${ME}`)
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([key, key])
  })

  it('a kept list waiting for the first joins is let go by them, and they ask nothing more', async () => {
    // The list's query found data kept on the device: it waits (channels-query.ts).
    const waiting = afterLiveJoins(WS)
    let asked = false
    void waiting?.then(() => (asked = true))
    render()
    const joined = (topic: string) =>
      act(() => {
        for (const h of topics.get(topic) ?? []) h.onJoined?.(true)
      })
    joined(`live:user:${ME}`)
    await act(async () => await Promise.resolve())
    expect(asked).toBe(false)
    joined(`live:workspace:${WS}`)
    await act(async () => await waiting)
    expect(asked).toBe(true)
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([])
    // Waits are over for this workspace; a rejoin later asks again, as ever.
    expect(afterLiveJoins(WS)).toBeUndefined()
    joined(`live:user:${ME}`)
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([JSON.stringify(channelKeys.list(WS))])
  })

  it('a kept list asks anyway after 3 s without the joins; their joins then ask again', async () => {
    const waiting = afterLiveJoins(WS)
    render()
    vi.advanceTimersByTime(3000)
    await waiting
    for (const topic of [`live:user:${ME}`, `live:workspace:${WS}`])
      act(() => {
        for (const h of topics.get(topic) ?? []) h.onJoined?.(true)
      })
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([JSON.stringify(channelKeys.list(WS))])
  })

  it('a public channel I am not in is none of the sidebar’s business: no fetch', async () => {
    render()
    onWorkspace(move('elsewhere', 'public', 3, 4))
    await settle()
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([])
    expect(list().map((c) => c.id)).toEqual(['general', 'secret'])
  })

  it('a private channel the list lacks is a gap: the list is fetched', async () => {
    render()
    onMine(move('unknown', 'private', 0, 1))
    await settle()
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([JSON.stringify(channelKeys.list(WS))])
  })

  it('my reads apply with their counts and fetch nothing; a read of an unknown one fetches', async () => {
    client.setQueryData(channelKeys.list(WS), [
      channel('general', { lastSeq: 14, lastReadSeq: 10, unread: 4, mentions: 2 }),
    ])
    render()
    onMine({
      table: 'channel_members',
      operation: 'UPDATE',
      record: {
        channel_id: 'general',
        workspace_id: WS,
        user_id: ME,
        last_read_seq: 14,
        last_seq: 14,
        unread_count: 0,
        mention_count: 0,
      },
    })
    await settle()
    vi.advanceTimersByTime(1000)
    expect(list()[0]).toMatchObject({ lastReadSeq: 14, unread: 0, mentions: 0 })
    expect(invalidated).toEqual([])
    onMine({
      table: 'channel_members',
      operation: 'UPDATE',
      record: { channel_id: 'gone', workspace_id: WS, user_id: ME, last_read_seq: 1 },
    })
    await settle()
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([JSON.stringify(channelKeys.list(WS))])
  })

  it('a (re)join fetches the list again, once', () => {
    render()
    act(() => {
      for (const set of topics.values()) for (const h of set) h.onJoined?.(true)
    })
    vi.advanceTimersByTime(1000)
    expect(invalidated).toEqual([JSON.stringify(channelKeys.list(WS))])
  })
})
