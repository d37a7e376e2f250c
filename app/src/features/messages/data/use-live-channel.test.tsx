// useLiveChannel under <StrictMode> (test/setup.ts): the effect that starts a conversation runs,
// is cleaned up (disposing it) and runs again, so the hook must show the conversation it runs,
// also after switching to another one, and leave exactly one running.
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeServer, FakeTransport } from '../conversation/fake-transport.test-support.ts'
import type { Conversation } from '../conversation/types.ts'
import { useLiveChannel } from './use-live-channel.ts'

const transports = vi.hoisted(() => [] as { key: string; transport: unknown }[])

vi.mock('./channel-transport.ts', () => ({
  supabaseChannelTransport(channelId: string, _userId: string, conversation: Conversation) {
    const key = conversation.kind === 'thread' ? conversation.threadId : channelId
    const server = new FakeServer(channelId)
    for (let i = 1; i <= 3; i++) server.insert(`${key} m${i}`)
    const transport = new FakeTransport(server)
    transports.push({ key, transport })
    return transport
  },
}))

/** The conversations with a live subscription now, by key. */
function running(): string[] {
  return transports
    .filter(({ transport }) => (transport as FakeTransport).listener !== null)
    .map(({ key }) => key)
}

function connectAll(): void {
  for (const { transport } of transports) (transport as FakeTransport).connect()
}

afterEach(() => {
  transports.length = 0
  localStorage.clear()
})

describe('useLiveChannel', () => {
  it('shows the conversation it runs, one at a time, across a switch', async () => {
    const { result, rerender, unmount } = renderHook(
      ({ threadId }: { threadId: string }) => useLiveChannel('c1', 'me', threadId),
      { initialProps: { threadId: 't1' } }
    )
    act(() => connectAll())
    await waitFor(() =>
      expect(result.current.snapshot.messages.map((m) => m.body)).toEqual([
        't1 m1',
        't1 m2',
        't1 m3',
      ])
    )
    expect(running()).toEqual(['t1'])

    rerender({ threadId: 't2' })
    act(() => connectAll())
    await waitFor(() =>
      expect(result.current.snapshot.messages.map((m) => m.body)).toEqual([
        't2 m1',
        't2 m2',
        't2 m3',
      ])
    )
    expect(result.current.live?.conversation).toEqual({ kind: 'thread', threadId: 't2' })
    expect(running()).toEqual(['t2'])

    unmount()
    expect(running()).toEqual([])
  })
})
