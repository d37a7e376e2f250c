// Browser notifications in real Chromium with the permission granted. Headless Chromium shows
// none, so an init script wraps window.Notification and records each one constructed. Pete sits
// in #general while Olga writes elsewhere: a plain message in a channel at the default level
// raises nothing, a mention of him exactly one; a muted channel raises none, not even for a
// mention; a snooze (Do Not Disturb) holds a direct message, and once it ends the next one shows.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { actor, composer, send, waitLive } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

interface Shown {
  title: string
  body: string
}

function shown(page: Page): Promise<Shown[]> {
  return page.evaluate(() => (window as unknown as { __notifications: Shown[] }).__notifications)
}

/** Waits until a notification with this text in its body was shown, then a little longer. */
async function expectShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => (await shown(page)).filter((n) => n.body.includes(text)).length, {
      timeout: 20_000,
    })
    .toBe(1)
}

test('a mention elsewhere raises one notification; muted channels and DND raise none', async ({
  browser,
}) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await pete.context.grantPermissions(['notifications'])
  await pete.context.addInitScript(() => {
    const w = window as unknown as { __notifications: Shown[]; Notification: typeof Notification }
    w.__notifications = []
    const Original = w.Notification
    class Recorded extends Original {
      constructor(title: string, options?: NotificationOptions) {
        w.__notifications.push({ title, body: options?.body ?? '' })
        super(title, options)
      }
    }
    w.Notification = Recorded
  })
  await twoInGeneral(olga, pete, `Bells ${Date.now().toString(36)}`)
  const o = olga.page
  const p = pete.page

  await test.step('Olga makes #side with Pete in it; Pete stays in #general', async () => {
    await o.getByRole('button', { name: 'Create a channel' }).click()
    const create = o.getByRole('dialog', { name: 'Create a channel' })
    await create.getByLabel('Name').fill('side')
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(o.getByRole('heading', { level: 2, name: 'side', exact: true })).toBeVisible()
    await o.getByRole('button', { name: 'Add people to the channel' }).click()
    const add = o.getByRole('dialog', { name: /Add people/ })
    await add.getByLabel(pete.name).check()
    await add.getByRole('button', { name: 'Add' }).click()
    await expect(p.locator('a[data-channel-id]', { hasText: 'side' })).toBeVisible()
    await waitLive(o)
  })

  await test.step('a plain message raises nothing, a mention of Pete exactly one', async () => {
    await send(o, 'just chatting in side')
    await send(o, `@${pete.name} can you look at this`)
    await expectShown(p, 'can you look at this')
    // Nothing more arrives for it (one notification per message), and nothing for the plain one.
    await p.waitForTimeout(1500)
    const all = await shown(p)
    expect(all).toEqual([{ title: 'side', body: '@someone can you look at this' }])
  })

  await test.step('Pete mutes #side: a mention there raises nothing', async () => {
    await p.locator('a[data-channel-id]', { hasText: 'side' }).click()
    await waitLive(p)
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = p.getByRole('dialog', { name: 'Notifications' })
    await panel.getByLabel('Mute this conversation').check()
    await expect(p.locator('a[data-channel-id]', { hasText: 'side' })).toHaveAttribute(
      'aria-label',
      /muted/
    )
    await panel.press('Escape')
    await p.locator('a[data-channel-id]', { hasText: 'general' }).click()
    await waitLive(p)
    await send(o, `@${pete.name} muted mention`)
    // A direct message after it: once it shows, the muted mention has had its chance.
    await o.getByRole('button', { name: 'New direct message' }).click()
    const dm = o.getByRole('dialog', { name: 'New direct message' })
    await dm.getByLabel(pete.name).check()
    await dm.getByRole('button', { name: 'Open conversation' }).click()
    await expect(o.getByRole('heading', { level: 2, name: pete.name, exact: true })).toBeVisible()
    await expect(composer(o)).toHaveAttribute('aria-label', `Message @${pete.name}`)
    await waitLive(o)
    await send(o, 'direct after the muted one')
    await expectShown(p, 'direct after the muted one')
    expect((await shown(p)).filter((n) => n.body.includes('muted mention'))).toEqual([])
  })

  await test.step('a snooze holds a direct message; after it ends the next one shows', async () => {
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = p.getByRole('dialog', { name: 'Notifications' })
    await panel.getByRole('button', { name: 'Snooze 1 hour' }).click()
    await expect(panel.getByText(/^Snoozed until/)).toBeVisible()
    await send(o, 'during the snooze')
    await p.waitForTimeout(3000)
    expect((await shown(p)).filter((n) => n.body.includes('during the snooze'))).toEqual([])
    await panel.getByRole('button', { name: 'End snooze' }).click()
    await expect(panel.getByText('Notifications are on.')).toBeVisible()
    await send(o, 'after the snooze')
    await expectShown(p, 'after the snooze')
    expect((await shown(p)).filter((n) => n.body.includes('during the snooze'))).toEqual([])
  })
})
