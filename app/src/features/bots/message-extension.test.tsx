import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../lib/query-client.test-support.ts'
import { chatMessage } from '../../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../../slots/message.ts'
import type { ExtensionScope } from '../../slots/message.ts'
import { botIdsKey } from './data/bot-ids.ts'
import bots from './message-extension.tsx'

// The one query the marker makes: which profiles are bots (the answer set by each test).
const answer = vi.hoisted(() => ({ ids: [] as string[], calls: 0 }))
vi.mock('../../lib/supabase.ts', () => ({
  supabase: () => ({
    from: () => ({
      select: () => ({
        eq: async () => {
          answer.calls += 1
          return { data: answer.ids.map((id) => ({ id })), error: null }
        },
      }),
    }),
  }),
}))

function message(authorId: string, createdAt: string): ChatMessage {
  return chatMessage({ id: `m-${authorId}`, authorId, createdAt, thread: null })
}

const scope = {} as ExtensionScope

function mount(knownBots: string[]) {
  const client = testQueryClient()
  client.setQueryData(botIdsKey, knownBots)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => bots.useChannel!(scope), { wrapper })
}

afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  answer.ids = []
  answer.calls = 0
})

describe('the BOT marker', () => {
  it("marks a bot's messages, and nobody else's", () => {
    const { result } = mount(['bot-1'])
    const old = '2020-01-01T00:00:00Z'
    expect(result.current.markers!(message('bot-1', old))).toEqual([
      { id: 'bot', icon: 'settings', label: 'BOT', className: 'bot-marker' },
    ])
    expect(result.current.markers!(message('ann', old))).toEqual([])
    expect(result.current.markers!(message('', old))).toEqual([])
    // Older than the list it knows: nothing is asked again.
    expect(answer.calls).toBe(0)
  })

  it('asks again, once, for a newer message from an author it does not know', async () => {
    const { result } = mount([])
    answer.ids = ['bot-2']
    const now = new Date().toISOString()
    expect(result.current.markers!(message('bot-2', now))).toEqual([])
    await waitFor(() => expect(result.current.markers!(message('bot-2', now))).toHaveLength(1))
    expect(answer.calls).toBe(1)
    // A person's newer message asks once, then never again for that person.
    result.current.markers!(message('ben', now))
    await waitFor(() => expect(answer.calls).toBe(2))
    const asks = vi.spyOn(globalThis, 'queueMicrotask')
    result.current.markers!(message('ben', now))
    result.current.markers!(message('bot-2', now))
    expect(asks).not.toHaveBeenCalled()
  })
})
