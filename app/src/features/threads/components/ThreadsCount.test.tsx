// The sidebar's Threads link names its count in the app's language, plural and all (issue 67: it
// read "スレッド, 3 unread" in Japanese, "السلاسل, 3 unread" in Arabic), and drawn by the views
// slot's link it is its name alone while nothing is unread.
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { startI18n } from '../../../lib/i18n.ts'
import type { Language } from '../../../lib/i18n.ts'
import { ViewLink } from '../../workspace-views.tsx'
import { threadsCountLabel } from './ThreadsCount.tsx'

afterEach(async () => {
  cleanup()
  await startI18n('en')
})

const NAMES: Record<Language, [number, string][]> = {
  en: [
    [1, 'Threads, 1 unread'],
    [3, 'Threads, 3 unread'],
  ],
  de: [
    [1, 'Threads, 1 ungelesen'],
    [3, 'Threads, 3 ungelesen'],
  ],
  ja: [[3, 'スレッド、未読 3 件']],
  ar: [
    [1, 'السلاسل، رسالة واحدة غير مقروءة'],
    [2, 'السلاسل، رسالتان غير مقروءتين'],
    [3, 'السلاسل، 3 رسائل غير مقروءة'],
  ],
}

describe('the Threads count', () => {
  for (const [language, cases] of Object.entries(NAMES) as [Language, [number, string][]][]) {
    it(`reads its count in ${language}`, async () => {
      await startI18n(language)
      for (const [unread, name] of cases) expect(threadsCountLabel(unread)).toBe(name)
    })
  }

  it('is its name alone with nothing unread', () => {
    render(
      <ViewLink path="threads" workspaceId="w1" me="u1" active={false} onNavigate={() => {}} />
    )
    expect(screen.getByRole('link', { name: 'Threads' }).getAttribute('href')).toBe('/w/w1/threads')
  })
})
