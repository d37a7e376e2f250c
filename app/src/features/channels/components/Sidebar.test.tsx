// A workspace of hundreds of channels: the first render draws a screenful and more of each
// section (and the open channel's link), the rest once the first screen is shown. A channel's
// counts: the open one shows none (its new messages are on screen while the read catches up).
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { markFirstScreenShown } from '../../../lib/first-screen.ts'
import { testChannel } from '../data/channel.test-support.ts'
import type { Channel } from '../data/types.ts'
import { FIRST_LINKS, Sidebar } from './Sidebar.tsx'

afterEach(cleanup)

const channel = (i: number) =>
  testChannel(`c${i}`, { workspaceId: 'w1', name: `room-${String(i).padStart(3, '0')}` })

function draw(channels: Channel[], activeId: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Sidebar
        workspaceId="w1"
        channels={channels}
        activeId={activeId}
        me="u1"
        online={new Set()}
        onNewDm={() => undefined}
        onPreferences={() => undefined}
      />
    </QueryClientProvider>
  )
}

describe('a channel link', () => {
  it('counts unread and mentions, except in the open channel; it names my read position', () => {
    const counts = { lastSeq: 9, lastReadSeq: 6, unread: 3, mentions: 1 }
    const open = testChannel('open', { ...counts, name: 'open' })
    const other = testChannel('other', { ...counts, name: 'other' })
    draw([open, other], open.id)
    const link = (id: string) => document.querySelector<HTMLElement>(`[data-channel-id="${id}"]`)!
    expect(link('other').getAttribute('aria-label')).toBe('other, channel, 3 unread, 1 mention')
    expect(link('other').querySelector('.badge')?.textContent).toBe('1')
    expect(link('other').classList.contains('unread')).toBe(true)
    expect(link('open').getAttribute('aria-label')).toBe('open, channel')
    expect(link('open').querySelector('.badge')).toBeNull()
    expect(link('open').classList.contains('unread')).toBe(false)
    expect(link('open').dataset.readSeq).toBe('6')
  })
})

describe('Sidebar with many channels', () => {
  it('draws the first FIRST_LINKS and the open one, then all of them after the first screen', async () => {
    const channels = Array.from({ length: FIRST_LINKS * 3 }, (_, i) => channel(i))
    const open = channels[FIRST_LINKS * 2]!
    draw(channels, open.id)
    const links = () => document.querySelectorAll('a.channel-link[data-channel-id]')
    expect(links()).toHaveLength(FIRST_LINKS + 1)
    expect(screen.getByRole('link', { current: 'page' }).dataset.channelId).toBe(open.id)
    markFirstScreenShown()
    await waitFor(() => expect(links()).toHaveLength(channels.length), { timeout: 5000 })
  })
})
