import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, renderHook } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../lib/query-client.test-support.ts'
import { chatMessage } from '../../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../../slots/message.ts'
import type { ExtensionScope } from '../../slots/message.ts'
import { guestIdsKey } from './data/guest-ids.ts'
import guests from './message-extension.tsx'

// The open workspace comes from the address.
vi.mock('../../lib/router.ts', () => ({
  useRoute: () => ({ name: 'workspace', workspaceId: 'w1', channelId: 'c' }),
}))
vi.mock('../../lib/supabase.ts', () => ({
  supabase: () => {
    throw new Error('no query: the guests are known')
  },
}))

function message(authorId: string): ChatMessage {
  return chatMessage({
    id: `m-${authorId}`,
    authorId,
    createdAt: '2020-01-01T00:00:00Z',
    thread: null,
  })
}

function mount(known: Record<string, { id: string; kind: 'single' | 'multi' }[]>) {
  const client = testQueryClient()
  for (const [ws, list] of Object.entries(known)) client.setQueryData(guestIdsKey(ws), list)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => guests.useChannel!({} as ExtensionScope), { wrapper })
}

afterEach(() => cleanup())

describe('the GUEST marker', () => {
  it("marks a guest's messages in the open workspace, and nobody else's", () => {
    const { result } = mount({
      w1: [{ id: 'gus', kind: 'single' }],
      w2: [{ id: 'ann', kind: 'multi' }],
    })
    expect(result.current.markers!(message('gus'))).toEqual([
      { id: 'guest', icon: 'users', label: 'GUEST', className: 'bot-marker guest-marker' },
    ])
    // a guest of another workspace is not one here
    expect(result.current.markers!(message('ann'))).toEqual([])
    expect(result.current.markers!(message(''))).toEqual([])
  })
})
