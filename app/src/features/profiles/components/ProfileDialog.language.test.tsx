// The language setting in my profile (issue 53): my browser's language or one of the four, each
// named in itself; saving writes profiles.language, keeps it on this device and reloads when the
// language on screen is then not the one chosen.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { chosenLanguage } from '../../../lib/i18n.ts'
import { keepLanguage } from '../../../lib/language-choice.ts'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { choose, openSelect } from '../../../ui/select.test-support.ts'
import { profileKeys } from '../data/keys.ts'
import type { Profile } from '../data/types.ts'
import { reloadApp } from '../data/reload.ts'
import { ProfileDialog } from './ProfileDialog.tsx'

const db = vi.hoisted(() => ({ updates: [] as unknown[], metadata: [] as unknown[] }))
vi.mock('../../../lib/supabase.ts', () => ({
  supabase: () => ({
    auth: {
      updateUser: async (attributes: unknown) => {
        db.metadata.push(attributes)
        return { data: {}, error: null }
      },
    },
    from: () => ({
      update: (patch: unknown) => ({
        eq: async () => {
          db.updates.push(patch)
          return { error: null }
        },
      }),
    }),
  }),
}))
vi.mock('../data/reload.ts', () => ({ reloadApp: vi.fn() }))

afterEach(() => {
  cleanup()
  keepLanguage(null)
  db.updates = []
  db.metadata = []
  vi.mocked(reloadApp).mockClear()
  vi.restoreAllMocks()
})

function open(language: Profile['language']) {
  const client = testQueryClient({ staleTime: Infinity })
  const profile: Profile = {
    id: 'me',
    displayName: 'Ann',
    avatarPath: null,
    language,
    timeZone: 'Europe/Berlin',
  }
  client.setQueryData(profileKeys.one('me'), profile)
  render(
    <QueryClientProvider client={client}>
      <ProfileDialog
        userId="me"
        email="ann@example.com"
        open
        onClose={() => {}}
        onSignOut={() => {}}
      />
    </QueryClientProvider>
  )
  return screen.getByRole('combobox', { name: 'Language' })
}

// The dialog names every time zone (Intl, some hundreds of them) and Radix's lists are slow in
// jsdom: time enough on a busy machine.
describe("my profile's language", { timeout: 15_000 }, () => {
  it("offers the browser's language, named, then each language in itself", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de-AT'])
    const select = open(null)
    expect(select.textContent).toBe("Browser's language (Deutsch)")
    const list = await openSelect(select)
    const options = within(list).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      "Browser's language (Deutsch)",
      'English',
      'Deutsch',
      '日本語',
      'العربية',
    ])
    // Each language's name is marked as in that language, for screen readers.
    expect(options.map((o) => o.querySelector('[lang]')?.getAttribute('lang'))).toEqual([
      undefined,
      'en',
      'de',
      'ja',
      'ar',
    ])
    expect(screen.getByText('Chorus reloads to show the new language.')).toBeTruthy()
  })

  it('shows the language my profile holds', () => {
    expect(open('ja').textContent).toBe('日本語')
  })

  it('saves a language, keeps it on this device and reloads to show it', async () => {
    const user = userEvent.setup()
    await choose(open(null), 'Deutsch')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(reloadApp).toHaveBeenCalledTimes(1))
    expect(db.updates).toEqual([{ display_name: 'Ann', language: 'de' }])
    // Auth's emails read the account's metadata: it says German too.
    expect(db.metadata).toEqual([{ data: { language: 'de' } }])
    expect(chosenLanguage()).toBe('de')
  })

  it("goes back to the browser's language, reloading only when that changes what is shown", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB'])
    keepLanguage('en')
    const user = userEvent.setup()
    await choose(open('en'), "Browser's language (English)")
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Saved.')
    expect(db.updates).toEqual([{ display_name: 'Ann', language: null }])
    // The account's metadata gets the browser's language, which its emails then use.
    expect(db.metadata).toEqual([{ data: { language: 'en' } }])
    expect(chosenLanguage()).toBeNull()
    // The browser's language is English, the one on screen: nothing to reload.
    expect(reloadApp).not.toHaveBeenCalled()
  })
})

describe("my profile's time zone", { timeout: 40_000 }, () => {
  it('shows the zone my profile holds, and saves another with the profile', async () => {
    keepLanguage('en')
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB'])
    const user = userEvent.setup()
    open('en')
    const zone = screen.getByRole('combobox', { name: 'Time zone' })
    // Each zone by its name, its city and its offset now.
    expect(zone.textContent).toBe('Central European Time (Berlin)')
    await choose(zone, /^Japan (Standard )?Time \(Tokyo\)$/)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Saved.')
    expect(db.updates).toEqual([{ display_name: 'Ann', language: 'en', time_zone: 'Asia/Tokyo' }])
  })
})
