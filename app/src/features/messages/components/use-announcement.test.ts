import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { chatMessage } from '../../../slots/chat-message.test-support.ts'
import type { ChannelSnapshot, ChatMessage } from '../conversation/types.ts'
import { useAnnouncement } from './use-announcement.ts'

const nameOf = (id: string | null) => (id === 'ben' ? 'Ben' : 'Ana')

function message(id: string, authorId: string, body: string): ChatMessage {
  return chatMessage({ id, seq: Number(id), authorId, body, createdAt: '2026-11-25T12:00:00Z' })
}

function snapshot(messages: ChatMessage[], loaded = true): ChannelSnapshot {
  return { messages, loaded, hasNewer: false } as unknown as ChannelSnapshot
}

describe('useAnnouncement', () => {
  it('reads out what others write after the first page, not the first page or mine', () => {
    const first = snapshot([message('1', 'ben', 'old news')])
    const { result, rerender } = renderHook(({ s }) => useAnnouncement(s, 'ana', nameOf), {
      initialProps: { s: first },
    })
    expect(result.current).toBe('')
    rerender({ s: snapshot([...first.messages, message('2', 'ana', 'mine')]) })
    expect(result.current).toBe('')
    rerender({ s: snapshot([...first.messages, message('3', 'ben', 'Lunch?')]) })
    expect(result.current).toBe('Ben: Lunch?')
  })

  it('reads out the first message of a conversation that was empty (a new thread)', () => {
    const { result, rerender } = renderHook(({ s }) => useAnnouncement(s, 'ana', nameOf), {
      initialProps: { s: snapshot([], false) },
    })
    rerender({ s: snapshot([]) })
    expect(result.current).toBe('')
    rerender({ s: snapshot([message('1', 'ben', 'Yes, at noon')]) })
    expect(result.current).toBe('Ben: Yes, at noon')
  })

  it('takes the sentence back once the message is removed or edited', () => {
    const first = snapshot([message('1', 'ben', 'old news')])
    const { result, rerender } = renderHook(({ s }) => useAnnouncement(s, 'ana', nameOf), {
      initialProps: { s: first },
    })
    const spam = message('2', 'ben', 'Buy cheap watches')
    rerender({ s: snapshot([...first.messages, spam]) })
    expect(result.current).toBe('Ben: Buy cheap watches')
    rerender({ s: snapshot([...first.messages, { ...spam, deletedAt: '2026-11-25T12:01:00Z' }]) })
    expect(result.current).toBe('')
    const lunch = message('3', 'ben', 'Lunch?')
    rerender({ s: snapshot([...first.messages, lunch]) })
    expect(result.current).toBe('Ben: Lunch?')
    rerender({ s: snapshot([...first.messages, { ...lunch, body: 'Dinner?' }]) })
    expect(result.current).toBe('')
  })
})
