// The permission is read from the browser once and kept from the Permissions API's change event;
// without that API it is read each time. jsdom has neither API: the browser's side is played by a
// Notification whose permission counts its reads, and a PermissionStatus that is an EventTarget.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

let permission: NotificationPermission
let reads: number
let status: FakeStatus | null

class FakeNotification {
  static get permission(): NotificationPermission {
    reads += 1
    return permission
  }
}

/** A PermissionStatus that says when the module listens to it. */
class FakeStatus extends EventTarget {
  private heard!: () => void
  readonly listening = new Promise<void>((resolve) => (this.heard = resolve))
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>): void {
    super.addEventListener(...args)
    this.heard()
  }
}

async function load(withPermissionsApi: boolean) {
  vi.resetModules()
  status = withPermissionsApi ? new FakeStatus() : null
  vi.stubGlobal('Notification', FakeNotification)
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: withPermissionsApi ? { query: () => Promise.resolve(status) } : undefined,
  })
  return import('./permission.ts')
}

/** Once the module watches the permission (the Permissions API's query answered). */
const watching = () => status!.listening

beforeEach(() => {
  permission = 'default'
  reads = 0
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('notificationsPermitted', () => {
  it('reads the browser once, then answers from what it kept', async () => {
    const { notificationsPermitted } = await load(true)
    permission = 'granted'
    expect(notificationsPermitted()).toBe(true)
    await watching()
    const before = reads
    for (let i = 0; i < 100; i++) expect(notificationsPermitted()).toBe(true)
    expect(reads).toBe(before)
  })

  it('follows the change event, and tells who listens', async () => {
    const { notificationsPermitted, onNotificationPermission } = await load(true)
    permission = 'granted'
    notificationsPermitted()
    await watching()
    const heard = vi.fn()
    const stop = onNotificationPermission(heard)
    permission = 'denied'
    status!.dispatchEvent(new Event('change'))
    expect(notificationsPermitted()).toBe(false)
    expect(heard).toHaveBeenCalledTimes(1)
    stop()
    permission = 'granted'
    status!.dispatchEvent(new Event('change'))
    expect(notificationsPermitted()).toBe(true)
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('reads the browser each time where the Permissions API cannot watch', async () => {
    const { notificationsPermitted } = await load(false)
    expect(notificationsPermitted()).toBe(false)
    permission = 'granted'
    expect(notificationsPermitted()).toBe(true)
    expect(reads).toBe(2)
  })

  it('is false where there are no notifications', async () => {
    const { notificationsPermitted } = await load(true)
    vi.stubGlobal('Notification', undefined)
    expect(notificationsPermitted()).toBe(false)
  })
})
