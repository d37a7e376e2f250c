import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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

  it(
    'shows the text to copy when the clipboard refuses, or is not there',
    {
      timeout: 30_000,
    },
    async () => {
      for (const [text, clipboard] of [
        ['one', { writeText: () => Promise.reject(new Error('denied')) }],
        ['two', undefined],
      ] as const) {
        await copyText(text, clipboard)
        // The app's own dialog (its chunk loads on the first call), the text in a field.
        const shown = await screen.findByRole('alertdialog', undefined, { timeout: 15_000 })
        const field = within(shown).getByRole<HTMLInputElement>('textbox', {
          name: 'Copy this text',
        })
        expect(field.value).toBe(text)
        fireEvent.click(within(shown).getByRole('button', { name: 'Close' }))
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      }
    }
  )
})
