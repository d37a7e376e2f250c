import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Channel } from '../features/channels/index.ts'
import { useChannelKeys } from './use-channel-keys.ts'

function channel(id: string, change: Partial<Channel> = {}): Channel {
  return {
    id,
    workspaceId: 'w',
    kind: 'public',
    name: id,
    topic: null,
    archivedAt: null,
    lastSeq: 0,
    isMember: true,
    isDefault: false,
    createdBy: null,
    lastReadSeq: 0,
    unread: 0,
    mentions: 0,
    dmMembers: [],
    ...change,
  }
}

// Drawn by the sidebar as: general, random, then the DM with Zoe; the archived one not at all.
const channels = [
  channel('dm-zoe', {
    kind: 'dm',
    name: null,
    dmMembers: [
      { id: 'me', displayName: 'Me', avatarPath: null },
      { id: 'z', displayName: 'Zoe', avatarPath: null },
    ],
  }),
  channel('random'),
  channel('old', { archivedAt: '2026-01-01T00:00:00Z' }),
  channel('general', { isDefault: true }),
]

let composer: HTMLTextAreaElement

function open(channelId: string) {
  window.history.replaceState(null, '', `/w/w/c/${channelId}`)
  renderHook(
    () =>
      useChannelKeys({
        workspaceId: 'w',
        channels,
        me: 'me',
        channelId,
        composerRef: { current: composer },
      }),
    // The sections' query (none here: the default order).
    {
      wrapper: ({ children }) => (
        <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
      ),
    }
  )
}

/** Presses the key; true when the page let it through (nothing handled it). */
const press = (key: string, altKey = true) => fireEvent.keyDown(window, { key, altKey })
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))

beforeEach(() => {
  composer = document.body.appendChild(document.createElement('textarea'))
})
afterEach(() => {
  cleanup()
  composer.remove()
})

describe('Alt+Up / Alt+Down', () => {
  it('opens the next channel in the sidebar order, then focuses the message box', async () => {
    open('random')
    expect(press('ArrowDown')).toBe(false)
    expect(window.location.pathname).toBe('/w/w/c/dm-zoe')
    await nextFrame()
    expect(document.activeElement).toBe(composer)
  })

  it('opens the previous one with Up', () => {
    open('random')
    expect(press('ArrowUp')).toBe(false)
    expect(window.location.pathname).toBe('/w/w/c/general')
  })

  it('does nothing past either end of the list', () => {
    open('general')
    expect(press('ArrowUp')).toBe(true)
    expect(window.location.pathname).toBe('/w/w/c/general')
    cleanup()
    open('dm-zoe')
    expect(press('ArrowDown')).toBe(true)
    expect(window.location.pathname).toBe('/w/w/c/dm-zoe')
  })

  it('goes down to the first channel from one the sidebar does not show', () => {
    open('old')
    expect(press('ArrowDown')).toBe(false)
    expect(window.location.pathname).toBe('/w/w/c/general')
  })

  it('comes back with Up even before the shell has drawn the channel Down opened', () => {
    open('general')
    expect(press('ArrowDown')).toBe(false)
    expect(window.location.pathname).toBe('/w/w/c/random')
    // no render in between: the hook still holds general as its channel
    expect(press('ArrowUp')).toBe(false)
    expect(window.location.pathname).toBe('/w/w/c/general')
  })

  it('leaves arrows without Alt, and other keys with it, alone', () => {
    open('random')
    expect(press('ArrowDown', false)).toBe(true)
    expect(press('ArrowLeft')).toBe(true)
    expect(window.location.pathname).toBe('/w/w/c/random')
  })
})
