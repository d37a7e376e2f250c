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

describe("my profile's language", () => {
  it("offers the browser's language, named, then each language in itself", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de-AT'])
    const select = open(null)
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent)
    ).toEqual(["Browser's language (Deutsch)", 'English', 'Deutsch', '日本語', 'العربية'])
    expect(select).toHaveProperty('value', '')
    expect(screen.getByText('Chorus reloads to show the new language.')).toBeTruthy()
  })

  it('shows the language my profile holds', () => {
    expect(open('ja')).toHaveProperty('value', 'ja')
  })

  it('saves a language, keeps it on this device and reloads to show it', async () => {
    const user = userEvent.setup()
    await user.selectOptions(open(null), 'de')
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
    await user.selectOptions(open('en'), '')
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

describe("my profile's time zone", () => {
  it('shows the zone my profile holds, and saves another with the profile', async () => {
    keepLanguage('en')
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB'])
    const user = userEvent.setup()
    open('en')
    const zone = screen.getByRole('combobox', { name: 'Time zone' })
    expect(zone).toHaveProperty('value', 'Europe/Berlin')
    await user.selectOptions(zone, 'Asia/Tokyo')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Saved.')
    expect(db.updates).toEqual([{ display_name: 'Ann', language: 'en', time_zone: 'Asia/Tokyo' }])
  })
})
