// My time zone from my browser (issue 68): a profile the server says has none gets this browser's
// zone, once; a profile with one keeps it (a trip does not move it); a zone the server refuses
// is left unset without an error on screen.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { profileKeys } from './keys.ts'
import { browserTimeZone } from './time-zone.ts'
import type { Profile } from './types.ts'
import { useTimeZoneSync } from './use-time-zone-sync.ts'

const server = vi.hoisted(() => ({
  timeZone: null as string | null,
  refuse: false,
  updates: [] as unknown[],
  reads: 0,
}))
vi.mock('../../../lib/supabase.ts', () => ({
  supabase: () => ({
    from: () => ({
      select: () => ({
        eq: (_column: string, id: string) => ({
          single: async () => {
            server.reads += 1
            const row = {
              id,
              display_name: 'Ann',
              avatar_path: null,
              language: null,
              time_zone: server.timeZone,
            }
            return { data: row, error: null }
          },
        }),
      }),
      update: (patch: { time_zone?: string }) => ({
        eq: async () => {
          server.updates.push(patch)
          if (server.refuse) return { error: { message: 'Unknown time zone' } }
          server.timeZone = patch.time_zone ?? server.timeZone
          return { error: null }
        },
      }),
    }),
  }),
}))
vi.mock('../../../lib/first-screen.ts', async (original) => ({
  ...(await original<object>()),
  useAfterFirstScreen: () => true,
}))

afterEach(() => {
  cleanup()
  Object.assign(server, { timeZone: null, refuse: false, updates: [], reads: 0 })
})

function mount(cached?: Profile) {
  const client = testQueryClient()
  if (cached) client.setQueryData(profileKeys.one('me'), cached)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  renderHook(() => useTimeZoneSync('me'), { wrapper })
  return client
}

describe('useTimeZoneSync', () => {
  it('gives a profile without a zone this browser’s, once', async () => {
    const zone = browserTimeZone()
    expect(zone).toBeTruthy()
    const client = mount()
    await waitFor(() => expect(server.updates).toEqual([{ time_zone: zone }]))
    await waitFor(() =>
      expect(client.getQueryData<Profile>(profileKeys.one('me'))?.timeZone).toBe(zone)
    )
    expect(server.updates).toHaveLength(1)
  })

  it('reads the profile again when another screen had read it just before', async () => {
    // The profile dialog, opened before the sync's code came, left a fresh copy in the cache.
    const read = { id: 'me', displayName: 'Ann', avatarPath: null, language: null, timeZone: null }
    mount(read)
    await waitFor(() => expect(server.updates).toEqual([{ time_zone: browserTimeZone() }]))
    expect(server.reads).toBe(1)
  })

  it('leaves a profile’s zone alone', async () => {
    server.timeZone = 'Pacific/Auckland'
    const client = mount()
    await waitFor(() =>
      expect(client.getQueryData<Profile>(profileKeys.one('me'))?.timeZone).toBe('Pacific/Auckland')
    )
    expect(server.updates).toEqual([])
  })

  it('leaves it unset when the server refuses the browser’s', async () => {
    server.refuse = true
    const client = mount()
    await waitFor(() => expect(server.updates).toHaveLength(1))
    expect(client.getQueryData<Profile>(profileKeys.one('me'))?.timeZone).toBeNull()
  })
})
