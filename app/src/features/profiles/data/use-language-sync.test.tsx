// My language follows my profile across devices (issue 53): once the server has answered with my
// profile, a language that differs from this device's is kept here, and the app reloads only when
// the language on screen is then not the one to show.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { chosenLanguage } from '../../../lib/i18n.ts'
import { keepLanguage } from '../../../lib/language-choice.ts'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import live from '../live-part.tsx'
import { profileKeys } from './keys.ts'
import { useProfileQuery } from './profile-query.ts'
import { reloadApp } from './reload.ts'
import type { Profile } from './types.ts'
import { useLanguageSync } from './use-language-sync.ts'

// My profile as the server has it (set by each test).
const server = vi.hoisted(() => ({ language: null as string | null, reads: 0 }))
vi.mock('../../../lib/supabase.ts', () => ({
  supabase: () => ({
    from: () => ({
      select: () => ({
        eq: (_column: string, id: string) => ({
          single: async () => {
            server.reads += 1
            const row = { id, display_name: 'Ann', avatar_path: null, language: server.language }
            return { data: row, error: null }
          },
        }),
      }),
    }),
  }),
}))
vi.mock('./reload.ts', () => ({ reloadApp: vi.fn() }))
vi.mock('../../../lib/first-screen.ts', async (original) => ({
  ...(await original<object>()),
  useAfterFirstScreen: () => true,
}))

afterEach(() => {
  cleanup()
  keepLanguage(null)
  server.language = null
  server.reads = 0
  vi.mocked(reloadApp).mockClear()
})

/**
 * Mounts the sync; `cached` is my profile as this device's cache restored it. The result is what
 * the sync's own query says, read after the sync's effect in the same commit: once it shows the
 * server's answer, the sync has decided on it (no waiting for a while instead).
 */
function mount(me: string, cached?: Partial<Profile>) {
  const client = testQueryClient()
  if (cached) {
    const profile = { id: me, displayName: 'Ann', avatarPath: null, language: null, ...cached }
    client.setQueryData(profileKeys.one(me), profile)
    void client.invalidateQueries()
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(
    () => {
      useLanguageSync(me)
      return useProfileQuery(me, false)
    },
    { wrapper }
  )
}

describe('my language across devices', () => {
  it('is a live part of the workspace', () => {
    expect(live.Live).toBeTypeOf('function')
  })

  it('takes the language chosen on another device and reloads to show it', async () => {
    server.language = 'ja'
    mount('me')
    await waitFor(() => expect(reloadApp).toHaveBeenCalledTimes(1))
    expect(chosenLanguage()).toBe('ja')
  })

  it('does nothing more once the device and the profile agree (no loop)', async () => {
    server.language = 'ja'
    keepLanguage('ja')
    const { result } = mount('me')
    await waitFor(() => expect(result.current.isFetchedAfterMount).toBe(true))
    expect(server.reads).toBe(1)
    expect(chosenLanguage()).toBe('ja')
    expect(reloadApp).not.toHaveBeenCalled()
  })

  it('follows the browser again without a reload when that is the language on screen', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US'])
    keepLanguage('en')
    mount('me')
    await waitFor(() => expect(chosenLanguage()).toBeNull())
    expect(reloadApp).not.toHaveBeenCalled()
    vi.restoreAllMocks()
  })

  it("waits for the server's answer: a profile restored from the cache may be older", async () => {
    keepLanguage('de')
    server.language = 'de'
    // Saved German here a moment ago; the cache written before still says Japanese.
    const { result } = mount('me', { language: 'ja' })
    await waitFor(() => expect(result.current.isFetchedAfterMount).toBe(true))
    expect(server.reads).toBe(1)
    expect(chosenLanguage()).toBe('de')
    expect(reloadApp).not.toHaveBeenCalled()
  })

  it('asks nothing before I am signed in', async () => {
    const { result } = mount('')
    // Mounted and its effects run: a query that is not enabled is never started later.
    expect(result.current.fetchStatus).toBe('idle')
    expect(server.reads).toBe(0)
    expect(reloadApp).not.toHaveBeenCalled()
  })
})
