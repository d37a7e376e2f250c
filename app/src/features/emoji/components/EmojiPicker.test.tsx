// The emoji picker names emoji in the person's language and finds them by those names and by the
// English ones (issue 67: every name was English, so a screen reader read English in every
// language). The names are CLDR's, from the real lazy module of the language (emoji-names.ts).
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startI18n } from '../../../lib/i18n.ts'
import type { Language } from '../../../lib/i18n.ts'

afterEach(async () => {
  cleanup()
  await startI18n('en')
})

/** The picker as a fresh chunk in `language` (the names are read once per chunk, as in the app). */
async function openPicker(language: Language) {
  vi.resetModules()
  // The fresh chunk's own i18n module, in the language (the one imported above is English).
  await (await import('../../../lib/i18n.ts')).startI18n(language)
  const { default: EmojiPicker } = await import('./EmojiPicker.tsx')
  await act(async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <EmojiPicker userId="u1" onPick={() => {}} onClose={() => {}} />
      </Suspense>
    )
  })
  // By selector: a role query over the picker's 1,900 buttons takes seconds each try.
  const search = await waitFor(
    () => {
      const box = document.querySelector<HTMLInputElement>('input[type="search"]')
      if (!box) throw new Error('the picker has not opened')
      return box
    },
    { timeout: 15_000 }
  )
  return (query: string) => fireEvent.change(search, { target: { value: query } })
}

/** The names of the emoji shown (the grid's buttons; by role it would take seconds). */
const results = () =>
  [...document.querySelectorAll('.emoji-grid button')].map((b) => b.getAttribute('aria-label'))
const named = (name: string) => document.querySelector(`.emoji-grid button[aria-label="${name}"]`)

describe('EmojiPicker names', () => {
  it('in Japanese: names each emoji in Japanese, found by Japanese and by English words', async () => {
    const type = await openPicker('ja')
    expect(named('赤いハート')).not.toBeNull()
    expect(named('Red Heart')).toBeNull()
    type('ハート')
    await waitFor(() => expect(results()).toContain('赤いハート'))
    type('thumbs up')
    await waitFor(() => expect(results()).toEqual(['サムズアップ']))
  }, 30_000)

  it('in Arabic and German too, and English stays English', async () => {
    let type = await openPicker('ar')
    type('قلب أحمر')
    await waitFor(() => expect(results()).toContain('قلب أحمر'))
    cleanup()
    type = await openPicker('de')
    type('daumen')
    await waitFor(() => expect(results()).toContain('Daumen hoch'))
    cleanup()
    type = await openPicker('en')
    type('red heart')
    await waitFor(() => expect(results()).toEqual(['Red Heart']))
  }, 30_000)
})
