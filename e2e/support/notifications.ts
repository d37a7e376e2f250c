// Browser notifications in headless Chromium, which shows none: an init script wraps
// window.Notification and records each one constructed (and keeps it, to be clicked).
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from '../playwright.config.ts'
import type { Actor } from './actors.ts'

/** For a spec about notifications (`test.use`): the whole browser. The headless shell the suite
 * runs has no notifications: Notification.permission is 'denied' there whatever is granted. */
export const NOTIFYING_BROWSER = {
  launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
}

export interface Shown {
  title: string
  body: string
}

/** The notifications shown so far, oldest first. */
export async function shown(page: Page): Promise<Shown[]> {
  return (await shownAt(page)).map(({ title, body }) => ({ title, body }))
}

/** The same, each with the page's clock (ms) when it was shown. */
export function shownAt(page: Page): Promise<(Shown & { at: number })[]> {
  return page.evaluate(
    () => (window as unknown as { __notifications: (Shown & { at: number })[] }).__notifications
  )
}

/** Waits until exactly one notification with this text in its body was shown. */
export async function expectShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => (await shown(page)).filter((n) => n.body.includes(text)).length, {
      timeout: 20_000,
    })
    .toBe(1)
}

/** Grants notifications and records each one shown (and keeps it, to be clicked). */
export async function recordNotifications(person: Actor): Promise<void> {
  await person.context.grantPermissions(['notifications'])
  await person.context.addInitScript(() => {
    const w = window as unknown as {
      __notifications: (Shown & { at: number })[]
      __shown: Notification[]
      Notification: typeof Notification
    }
    w.__notifications = []
    w.__shown = []
    const Original = w.Notification
    class Recorded extends Original {
      constructor(title: string, options?: NotificationOptions) {
        w.__notifications.push({ title, body: options?.body ?? '', at: Date.now() })
        super(title, options)
        w.__shown.push(this)
      }
    }
    w.Notification = Recorded
  })
}

/** Clicks the notification whose body has this text, as the person would. */
export async function clickShown(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const n = (window as unknown as { __shown: Notification[] }).__shown.find((x) =>
      x.body.includes(t)
    )
    n?.onclick?.(new Event('click'))
  }, text)
}
