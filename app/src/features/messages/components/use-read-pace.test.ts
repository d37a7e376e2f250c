import { describe, expect, it } from 'vitest'
import { chatMessage } from '../../../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { forMeAfter } from './use-read-pace.ts'

const ME = '00000000-0000-4000-8000-000000000001'
const ANA = '00000000-0000-4000-8000-000000000002'

function message(seq: number, authorId: string, body: string): ChatMessage {
  return chatMessage({ id: `m${seq}`, seq, authorId, body, createdAt: '2026-11-25T10:00:00Z' })
}

describe('forMeAfter', () => {
  const messages = [
    message(1, ANA, `<@${ME}> an old mention`),
    message(2, ANA, 'lunch?'),
    message(3, ME, `<@${ME}> a note to myself`),
  ]

  it('finds a mention of me after the position, not before it', () => {
    expect(forMeAfter(messages, ME, 0)).toBe(true)
    expect(forMeAfter(messages, ME, 1)).toBe(false)
  })

  it('counts @channel, @here and groups as for me, and not my own messages', () => {
    expect(forMeAfter([...messages, message(4, ANA, '<!here> standup')], ME, 3)).toBe(true)
    expect(forMeAfter(messages, ME, 2)).toBe(false)
  })
})
