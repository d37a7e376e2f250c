// The browser's side of push.spec.ts's push service: the page's PushManager answering with the
// spec's subscription, the service worker's registration id (for CDP's deliverPushMessage), the
// running service worker, and, in it, the notifications shown and a click on one (Chromium has no
// way to click a notification from a test).
import { expect } from '@playwright/test'
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test'
import { appUrl } from './env.ts'

/** The page's PushManager answers with the spec's subscription (see push.spec.ts's header). */
export async function playPushService(page: Page, endpoint: string, p256dh: string, auth: string) {
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const bytes = (b64: string) => {
        const s = atob(
          b64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64.length % 4)) % 4)
        )
        return Uint8Array.from(s, (c) => c.charCodeAt(0)).buffer
      }
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: (name: string) => bytes(name === 'p256dh' ? p256dh : auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem('spec.push.subscribed')
          return true
        },
      }
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        if (!options?.applicationServerKey) throw new Error('no applicationServerKey')
        localStorage.setItem('spec.push.subscribed', '1')
        return subscription as unknown as PushSubscription
      }
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem('spec.push.subscribed')
          ? subscription
          : null) as unknown as PushSubscription
    },
    { endpoint, p256dh, auth }
  )
}

/** The id Chromium gives the page's service worker registration (for deliverPushMessage). */
export async function registrationId(cdp: CDPSession): Promise<string> {
  const id = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => !r.isDeleted && r.scopeURL === appUrl('/'))
      if (mine) resolve(mine.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return id
}

/**
 * Chorus's service worker, running: Playwright lists a worker from its start until its target
 * goes, so the newest one for /sw.js that answers is the live one (an idle worker is stopped by
 * the browser and started again for the next event).
 */
export async function runningWorker(context: BrowserContext): Promise<Worker> {
  let live: Worker | null = null
  const answers = (worker: Worker) =>
    Promise.race([
      worker.evaluate(() => true).catch(() => false),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000)),
    ])
  await expect
    .poll(async () => {
      const workers = context.serviceWorkers().filter((w) => w.url() === appUrl('/sw.js'))
      for (const worker of workers.reverse()) {
        if (await answers(worker)) {
          live = worker
          return true
        }
      }
      return false
    })
    .toBe(true)
  return live!
}

/**
 * Counts the worker's notifications as their showNotification settles; the count, read.
 * Headless Chromium reconciles a registration's notifications with the ones it displays
 * when getNotifications() is called, and one asked for while a notification is still being
 * shown can drop it (seen: an early read found none, and none after). So the spec reads the
 * list only once the worker's showNotification has settled: it counts them as they settle.
 */
export async function countShown(worker: Worker): Promise<() => Promise<number>> {
  await worker.evaluate(() => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      shownSettled?: number
    }
    const show = scope.registration.showNotification.bind(scope.registration)
    scope.registration.showNotification = (...args) =>
      show(...args).finally(() => (scope.shownSettled = (scope.shownSettled ?? 0) + 1))
  })
  return () =>
    worker.evaluate(() => (self as unknown as { shownSettled?: number }).shownSettled ?? 0)
}

/**
 * registration.getNotifications(), read in the worker (Chromium's page side gives none in
 * headless mode, where the worker's own registration lists them).
 */
export function workerNotifications(worker: Worker) {
  return worker.evaluate(async () => {
    const reg = (self as unknown as { registration: ServiceWorkerRegistration }).registration
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    }))
  })
}

/** A click on the worker's first notification: a notificationclick dispatched in the worker. */
export async function clickNotification(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    // The worker's own types (the DOM library does not describe them).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      dispatchEvent(event: Event): boolean
    }
    const Click = (
      self as unknown as { NotificationEvent: new (type: string, init: object) => Event }
    ).NotificationEvent
    const [notification] = await scope.registration.getNotifications()
    scope.dispatchEvent(new Click('notificationclick', { notification }))
  })
}
