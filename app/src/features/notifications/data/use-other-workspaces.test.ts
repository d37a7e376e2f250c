import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSummaries, rememberMove } from '../../../lib/message-summaries.ts'
import type { Badge } from '../badges.ts'
import { notificationKeys } from './keys.ts'
import type { Membership } from './memberships.ts'
import { patchWorkspaceBadge } from './use-other-workspaces.ts'

const me = 'me'
const channel: Membership = {
  channelId: 'c1',
  workspaceId: 'w2',
  kind: 'public',
  name: 'general',
  lastSeq: 2,
  lastReadSeq: 0,
  lastMessageAt: null,
  level: null,
  muted: false,
}
const mentionAt = (seq: number) => ({ seq, author_id: 'olga', mentions: [me] })

function withBadge(count: number): QueryClient {
  const client = new QueryClient()
  client.setQueryData<Record<string, Badge>>(notificationKeys.badges(), {
    w2: { count, bold: count > 0 },
  })
  return client
}

const badgeOf = (client: QueryClient) =>
  client.getQueryData<Record<string, Badge>>(notificationKeys.badges())?.w2

afterEach(forgetSummaries)

describe('patchWorkspaceBadge', () => {
  it('counts a mention of me that the move summarised', () => {
    const client = withBadge(1)
    rememberMove({ id: 'c1', new_messages: [mentionAt(2)] })
    expect(patchWorkspaceBadge(client, me, channel, 1, 2)).toBe(true)
    expect(badgeOf(client)).toEqual({ count: 2, bold: true })
  })

  it('drops a fetch on its way, read before the mention, and asks again', async () => {
    const client = withBadge(1)
    const answers: ((badges: Record<string, Badge>) => void)[] = []
    // The rail's query, watched as useWorkspaceBadges watches it.
    const rail = new QueryObserver(client, {
      queryKey: notificationKeys.badges(),
      queryFn: () => new Promise<Record<string, Badge>>((resolve) => answers.push(resolve)),
      staleTime: Infinity,
    })
    const stop = rail.subscribe(() => undefined)
    void rail.refetch()
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    rememberMove({ id: 'c1', new_messages: [mentionAt(2)] })
    expect(patchWorkspaceBadge(client, me, channel, 1, 2)).toBe(true)
    expect(badgeOf(client)).toEqual({ count: 2, bold: true })
    // The answer read before the mention comes after the patch: it is not kept, and asked again.
    answers[0]!({ w2: { count: 1, bold: true } })
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    expect(badgeOf(client)).toEqual({ count: 2, bold: true })
    answers[1]!({ w2: { count: 2, bold: true } })
    await vi.waitFor(() => expect(client.isFetching()).toBe(0))
    expect(badgeOf(client)).toEqual({ count: 2, bold: true })
    stop()
  })

  it('asks for a fetch when a message of the range was not summarised', () => {
    const client = withBadge(0)
    rememberMove({ id: 'c1', new_messages: [mentionAt(3)] })
    expect(patchWorkspaceBadge(client, me, channel, 1, 3)).toBe(false)
    expect(badgeOf(client)).toEqual({ count: 0, bold: false })
  })

  it('leaves a muted channel and my own messages out', () => {
    const client = withBadge(0)
    rememberMove({ id: 'c1', new_messages: [mentionAt(2)] })
    expect(patchWorkspaceBadge(client, me, { ...channel, muted: true }, 1, 2)).toBe(true)
    rememberMove({ id: 'c1', new_messages: [{ seq: 3, author_id: me, mentions: [me] }] })
    expect(patchWorkspaceBadge(client, me, channel, 2, 3)).toBe(true)
    expect(badgeOf(client)).toEqual({ count: 0, bold: false })
  })
})
