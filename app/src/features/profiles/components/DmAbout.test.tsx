// A DM's header line (issue 68): the other person's presence as the workspace's presence channel
// has it (active, away, Do Not Disturb, offline), and their local time in their profile's time
// zone in the app's format; a group DM shows nothing; a DM with myself shows me.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { Channel } from '../../channels/index.ts'
import type { Member } from '../../workspaces/index.ts'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { profileKeys } from '../data/keys.ts'
import type { Profile } from '../data/types.ts'
import DmAbout from './DmAbout.tsx'

// The workspace's presence as its live part publishes it: the people online, some away or in DND.
const presence = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('../../presence/index.ts', () => ({ useWorkspacePresence: () => presence.current }))
function publish(online: string[], away: string[] = [], dnd: string[] = []) {
  presence.current = Object.assign(new Set(['me', ...online]), {
    away: new Set(away),
    dnd: new Set(dnd),
  })
}

const person = (id: string) => ({ id, displayName: id, avatarPath: null })
const dm = (...ids: string[]): Channel => ({
  id: 'dm',
  workspaceId: 'w',
  kind: 'dm',
  name: null,
  topic: null,
  archivedAt: null,
  lastSeq: 0,
  isMember: true,
  isDefault: false,
  createdBy: null,
  lastReadSeq: 0,
  unread: 0,
  mentions: 0,
  dmMembers: ids.map(person),
})
const members: Member[] = ['me', 'ana', 'cy'].map((userId) => ({
  userId,
  role: 'member',
  displayName: userId,
  avatarPath: null,
}))

function show(channel: Channel, zones: Record<string, string | null> = {}) {
  const client = testQueryClient({ staleTime: Infinity })
  for (const [id, timeZone] of Object.entries(zones)) {
    const profile: Profile = { id, displayName: id, avatarPath: null, language: null, timeZone }
    client.setQueryData(profileKeys.one(id), profile)
  }
  render(
    <QueryClientProvider client={client}>
      <DmAbout
        workspaceId="w"
        workspaceName="W"
        channels={[channel]}
        members={members}
        me="me"
        nameOf={(id) => id}
        channelId="dm"
      />
    </QueryClientProvider>
  )
  return document.querySelector('.dm-about')
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('DmAbout', () => {
  it('shows the other person active with their local time', () => {
    publish(['ana'])
    const about = show(dm('me', 'ana'), { ana: 'Asia/Tokyo' })
    expect(about?.getAttribute('data-presence')).toBe('active')
    expect(screen.getByText('Active')).toBeTruthy()
    const time = screen.getByText('9:00 PM local time')
    expect(time.getAttribute('title')).toBe('Asia/Tokyo')
  })

  it('says away, Do Not Disturb and offline as presence has them', () => {
    publish(['ana'], ['ana'])
    expect(show(dm('me', 'ana'))?.getAttribute('data-presence')).toBe('away')
    cleanup()
    publish(['ana'], ['ana'], ['ana'])
    expect(show(dm('me', 'ana'))?.getAttribute('data-presence')).toBe('dnd')
    expect(screen.getByText('Do not disturb')).toBeTruthy()
    cleanup()
    publish([])
    const about = show(dm('me', 'ana'), { ana: 'America/Argentina/Buenos_Aires' })
    expect(about?.getAttribute('data-presence')).toBe('offline')
    expect(screen.getByText('Offline')).toBeTruthy()
    // Still their local time: it does not depend on their being there.
    const time = screen.getByText('9:00 AM local time')
    expect(time.getAttribute('title')).toBe('America/Argentina/Buenos Aires')
  })

  it('shows no time without a zone, or with one the browser does not know', () => {
    publish(['ana'])
    show(dm('me', 'ana'), { ana: null })
    expect(screen.queryByText(/local time/)).toBeNull()
    cleanup()
    show(dm('me', 'ana'), { ana: 'Mars/Olympus_Mons' })
    expect(screen.queryByText(/local time/)).toBeNull()
  })

  it('shows nothing for a group DM, and me in a DM with myself', () => {
    publish([])
    expect(show(dm('me', 'ana', 'cy'))).toBeNull()
    cleanup()
    const mine = show(dm('me'), { me: 'UTC' })
    expect(mine?.getAttribute('data-presence')).toBe('active')
    expect(screen.getByText('12:00 PM local time')).toBeTruthy()
  })
})
