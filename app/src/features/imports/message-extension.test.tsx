import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../lib/query-client.test-support.ts'
import { chatMessage } from '../../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../../slots/message.ts'
import type { ExtensionScope } from '../../slots/message.ts'
import importedPart from './person-part.tsx'
import { placeholderIdsKey } from './data/placeholder-ids.ts'
import imported from './message-extension.tsx'

// The one query the mark makes: which profiles are imported placeholders.
const answer = vi.hoisted(() => ({ ids: [] as string[], asked: [] as unknown[] }))
vi.mock('../../lib/supabase.ts', () => ({
  supabase: () => ({
    from: () => ({
      select: () => ({
        eq: async (...args: unknown[]) => {
          answer.asked.push(args)
          return { data: answer.ids.map((id) => ({ id })), error: null }
        },
      }),
    }),
  }),
}))

function message(authorId: string | null): ChatMessage {
  return chatMessage({
    id: `m-${authorId}`,
    authorId,
    createdAt: '2024-05-01T00:00:00Z',
    thread: null,
  })
}

function wrapperWith(known?: string[]) {
  const client = testQueryClient()
  if (known) client.setQueryData(placeholderIdsKey, known)
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
}

afterEach(() => {
  cleanup()
  answer.ids = []
  answer.asked = []
})

/** The person slot's part (person-part.tsx): it reads the placeholders itself, as a name alone. */
function Badge({ userId }: { userId: string }) {
  const { Part, useShared } = importedPart
  return <Part userId={userId} shared={useShared()} />
}

describe('the IMPORTED mark', () => {
  it("marks an imported placeholder's messages, and nobody else's", () => {
    const { result } = renderHook(() => imported.useChannel!({} as ExtensionScope), {
      wrapper: wrapperWith(['placeholder-1']),
    })
    expect(result.current.markers!(message('placeholder-1'))).toEqual([
      { id: 'imported', icon: 'history', label: 'IMPORTED', className: 'imported-marker' },
    ])
    expect(result.current.markers!(message('ann'))).toEqual([])
    expect(result.current.markers!(message(null))).toEqual([])
  })

  it('asks the profiles which are placeholders, and badges their names only', async () => {
    answer.ids = ['placeholder-1']
    const Wrapper = wrapperWith()
    render(
      <Wrapper>
        <Badge userId="placeholder-1" />
        <Badge userId="ann" />
      </Wrapper>
    )
    await waitFor(() => expect(screen.getAllByText('IMPORTED')).toHaveLength(1))
    expect(answer.asked).toEqual([['is_placeholder', true]])
  })
})
