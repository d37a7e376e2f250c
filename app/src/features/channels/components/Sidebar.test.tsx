// A workspace of hundreds of channels: the first render draws a screenful and more of each
// section (and the open channel's link), the rest once the first screen is shown.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { markFirstScreenShown } from '../../../lib/first-screen.ts'
import { testChannel } from '../data/channel.test-support.ts'
import { FIRST_LINKS, Sidebar } from './Sidebar.tsx'

afterEach(cleanup)

const channel = (i: number) =>
  testChannel(`c${i}`, { workspaceId: 'w1', name: `room-${String(i).padStart(3, '0')}` })

describe('Sidebar with many channels', () => {
  it('draws the first FIRST_LINKS and the open one, then all of them after the first screen', async () => {
    const channels = Array.from({ length: FIRST_LINKS * 3 }, (_, i) => channel(i))
    const open = channels[FIRST_LINKS * 2]!
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Sidebar
          workspaceId="w1"
          channels={channels}
          activeId={open.id}
          me="u1"
          online={new Set()}
          onNewDm={() => undefined}
          onPreferences={() => undefined}
        />
      </QueryClientProvider>
    )
    const links = () => document.querySelectorAll('a.channel-link[data-channel-id]')
    expect(links()).toHaveLength(FIRST_LINKS + 1)
    expect(screen.getByRole('link', { current: 'page' }).dataset.channelId).toBe(open.id)
    markFirstScreenShown()
    await waitFor(() => expect(links()).toHaveLength(channels.length), { timeout: 5000 })
  })
})
