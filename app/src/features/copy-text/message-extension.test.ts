import { afterEach, describe, expect, it, vi } from 'vitest'
import { chatMessage } from '../../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../../slots/message.ts'
import { copyText, copyTextActions } from './message-extension.tsx'

function message(body: string): ChatMessage {
  return chatMessage({ body, thread: null })
}

afterEach(() => vi.restoreAllMocks())

describe('copy text (pure)', () => {
  it('offers "Copy text" with the message\'s markdown source, as written', () => {
    const copy = vi.fn()
    const source = '**Agenda** for <@u2>:\n- demo\n- lunch'
    const actions = copyTextActions(copy)(message(source))
    expect(actions.map((a) => [a.id, a.label, a.icon, a.order, a.inToolbar])).toEqual([
      ['copy-text', 'Copy text', 'file-text', 35, undefined],
    ])
    actions[0]?.run()
    expect(copy).toHaveBeenCalledWith(source)
  })

  it('offers nothing on a message without text (files only)', () => {
    expect(copyTextActions(vi.fn())(message(''))).toEqual([])
    expect(copyTextActions(vi.fn())(message('  \n'))).toEqual([])
  })
})

describe('copyText', () => {
  it('writes the text to the clipboard', async () => {
    const written: string[] = []
    await copyText('hello *there*', {
      writeText: async (text) => {
        written.push(text)
      },
    })
    expect(written).toEqual(['hello *there*'])
  })

  it('shows the text to copy when the clipboard refuses, or is not there', async () => {
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null)
    await copyText('one', { writeText: () => Promise.reject(new Error('denied')) })
    await copyText('two', undefined)
    expect(prompt.mock.calls).toEqual([
      ['Copy this text', 'one'],
      ['Copy this text', 'two'],
    ])
  })
})
