import { describe, expect, it, vi } from 'vitest'
import { onNotificationClick, onPush, readPayload } from './push.ts'
import type { ClientsLike, NotifyingRegistration, WindowLike } from './push.ts'

function registration(tags: string[] = []) {
  const closed: string[] = []
  const shown: { title: string; options: NotificationOptions }[] = []
  const reg: NotifyingRegistration = {
    showNotification: async (title, options) => {
      shown.push({ title, options })
    },
    getNotifications: async (filter) =>
      tags
        .filter((t) => !filter?.tag || t === filter.tag)
        .map((tag) => ({ tag, close: () => closed.push(tag) })),
  }
  return { reg, closed, shown }
}

const message = {
  type: 'message',
  title: 'Ana in #general',
  body: 'hello',
  icon: 'https://chat.example/storage/v1/render/image/public/avatars/a/b.png',
  tag: 'chorus:c:1',
  url: 'https://chat.example/w/w1/c/c1/m/m1',
  count: 1,
} as const

describe('push in the service worker', () => {
  it("reads only Chorus's payloads", () => {
    expect(readPayload(JSON.stringify(message))).toEqual(message)
    expect(readPayload(JSON.stringify({ type: 'read', tag: 'chorus:c:1' }))).toEqual({
      type: 'read',
      tag: 'chorus:c:1',
    })
    expect(readPayload('not json')).toBeNull()
    expect(readPayload(JSON.stringify({ type: 'message', title: 'x' }))).toBeNull()
    expect(readPayload(null)).toBeNull()
  })

  it("shows a message with the sender's avatar, one per conversation (tag), and re-alerts", async () => {
    const { reg, shown } = registration()
    await onPush(message, reg)
    expect(shown).toEqual([
      {
        title: 'Ana in #general',
        options: expect.objectContaining({
          body: 'hello',
          icon: message.icon,
          tag: 'chorus:c:1',
          renotify: true,
          data: { url: message.url },
        }),
      },
    ])
  })

  it("closes the conversation's notification on a read push, and only that one", async () => {
    const { reg, closed, shown } = registration(['chorus:c:1', 'chorus:c:2'])
    await onPush({ type: 'read', tag: 'chorus:c:1' }, reg)
    expect(closed).toEqual(['chorus:c:1'])
    expect(shown).toEqual([])
  })

  it('a click takes an open window to the message and focuses it, else opens one', async () => {
    const went: string[] = []
    const window: WindowLike = {
      url: 'https://chat.example/w/w1/c/c2',
      navigate: async (url) => went.push(url),
      focus: vi.fn(async () => undefined),
    }
    const clients: ClientsLike = {
      matchAll: async () => [{ ...window, url: 'https://other.example/' }, window],
      openWindow: vi.fn(async () => undefined),
    }
    await onNotificationClick(message.url, 'https://chat.example', clients)
    expect(went).toEqual([message.url])
    expect(window.focus).toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()

    // A window the worker does not control cannot be sent elsewhere: a new one opens.
    const uncontrolled: ClientsLike = {
      matchAll: async () => [{ ...window, navigate: () => Promise.reject(new TypeError('no')) }],
      openWindow: vi.fn(async () => undefined),
    }
    await onNotificationClick(message.url, 'https://chat.example', uncontrolled)
    expect(uncontrolled.openWindow).toHaveBeenCalledWith(message.url)

    const none: ClientsLike = { matchAll: async () => [], openWindow: vi.fn(async () => undefined) }
    await onNotificationClick(message.url, 'https://chat.example', none)
    expect(none.openWindow).toHaveBeenCalledWith(message.url)
    await onNotificationClick('https://evil.example/x', 'https://chat.example', none)
    expect(none.openWindow).toHaveBeenCalledTimes(1)
  })
})
