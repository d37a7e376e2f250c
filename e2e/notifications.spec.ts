// Browser notifications in real Chromium with the permission granted. Headless Chromium shows
// none, so an init script wraps window.Notification and records each one constructed. Pete sits
// in #general while Olga writes elsewhere: a plain message in a channel at the default level
// raises nothing, a mention of him exactly one (sent while his page loads again, before its
// notifier's code is let through, it alerts once that has loaded); a muted channel raises none, not even for a
// mention; a snooze (Do Not Disturb) holds a direct message, and once it ends the next one shows.
// A mention in another workspace than the open one raises one notification too (titled with that
// workspace), and clicking it opens that workspace at the message; one sent after a reload but
// before the notifier's code has loaded alerts once it has. Pete's snooze shows to Olga
// as "Do not disturb" beside his name (members panel, the DM in her sidebar) until it ends.
// Saved-for-later reminders as notifications: saved-reminders.spec.ts.
import { expect, test } from './support/test.ts'
import type { Page, Route } from '@playwright/test'
import { actor, composer, confirmedMessageWith, send, waitLive } from './support/actors.ts'
import {
  clickShown,
  expectShown,
  NOTIFYING_BROWSER,
  recordNotifications,
  shown,
} from './support/notifications.ts'
import { appUrl } from './support/env.ts'
import { showMembers } from './support/members.ts'
import { createInviteLink, twoInGeneral } from './support/workspace.ts'

// Chunks come from the network, not the service worker's copies (the last test holds one).
test.use({ serviceWorkers: 'block', ...NOTIFYING_BROWSER })

async function openDm(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New direct message' }).click()
  const dm = page.getByRole('dialog', { name: 'New direct message' })
  await dm.getByLabel(name).check()
  await dm.getByRole('button', { name: 'Open conversation' }).click()
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
  await expect(composer(page)).toHaveAttribute('aria-label', `Message @${name}`)
  await waitLive(page)
}

test('a mention elsewhere raises one notification; muted channels and DND raise none', async ({
  browser,
}) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await recordNotifications(pete)
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

  await test.step('a plain message raises nothing, a mention of Pete exactly one, even one sent while his page loads', async () => {
    // Pete's page loads again with the notifier's code held until both are sent: the notifier
    // hands over what came in the open workspace since the page started.
    const held: Route[] = []
    await p.route(/\/assets\/BrowserNotifier-[^/]+\.js$/, (route) => void held.push(route))
    await p.reload()
    await waitLive(p)
    await expect.poll(() => held.length).toBeGreaterThan(0)
    await send(o, 'just chatting in side')
    await send(o, `@${pete.name} can you look at this`)
    await expect(confirmedMessageWith(o, 'can you look at this')).toBeVisible()
    expect(await shown(p)).toEqual([])
    for (const route of held) await route.continue()
    await p.unroute(/\/assets\/BrowserNotifier-[^/]+\.js$/)
    await expectShown(p, 'can you look at this')
    // A later mention is the marker: once it shows, the messages before it have had their chance.
    // One notification per message, and none for the plain one.
    await send(o, `@${pete.name} and this one too`)
    await expectShown(p, 'and this one too')
    expect(await shown(p)).toEqual([
      { title: 'side', body: `@${pete.name} can you look at this` },
      { title: 'side', body: `@${pete.name} and this one too` },
    ])
  })

  await test.step('Pete mutes #side: a mention there raises nothing', async () => {
    await p.locator('a[data-channel-id]', { hasText: 'side' }).click()
    await waitLive(p)
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = p.getByRole('dialog', { name: 'Preferences' })
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
    await openDm(o, pete.name)
    await send(o, 'direct after the muted one')
    await expectShown(p, 'direct after the muted one')
    expect((await shown(p)).filter((n) => n.body.includes('muted mention'))).toEqual([])
  })

  await test.step('a snooze holds a direct message; after it ends the next one shows', async () => {
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = p.getByRole('dialog', { name: 'Preferences' })
    await panel.getByRole('button', { name: 'Snooze 1 hour' }).click()
    await expect(panel.getByText(/^Snoozed until/)).toBeVisible()
    await send(o, 'during the snooze')
    // It reached Pete's sidebar (the DM's second unread message) while the snooze holds.
    await expect(p.locator('a[data-channel-id]', { hasText: olga.name })).toHaveAttribute(
      'aria-label',
      /, 2 unread/
    )
    await panel.getByRole('button', { name: 'End snooze' }).click()
    await expect(panel.getByText('Notifications are on.')).toBeVisible()
    await send(o, 'after the snooze')
    // The marker: what was held during the snooze would have shown before it, or never.
    await expectShown(p, 'after the snooze')
    expect((await shown(p)).filter((n) => n.body.includes('during the snooze'))).toEqual([])
  })
})

test('a mention in another workspace raises one notification that opens it at the message', async ({
  browser,
}) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await recordNotifications(pete)
  const tag = Date.now().toString(36)
  const first = `Home ${tag}`
  const second = `Away ${tag}`
  await twoInGeneral(olga, pete, first)
  const o = olga.page
  const p = pete.page

  await test.step('Olga makes a second workspace and Pete joins it, then goes back to the first', async () => {
    await o.getByRole('link', { name: 'Create a workspace' }).click()
    await o.getByLabel('Workspace name').fill(second)
    await o.getByRole('button', { name: 'Create workspace' }).click()
    await expect(o.getByRole('link', { name: second, exact: true })).toHaveAttribute(
      'aria-current',
      'page'
    )
    const link = await createInviteLink(o)
    await p.goto(link)
    await p.getByRole('button', { name: `Join ${second}` }).click()
    await expect(p.getByRole('link', { name: second, exact: true })).toHaveAttribute(
      'aria-current',
      'page'
    )
    await waitLive(p)
    await p.getByRole('link', { name: new RegExp(`^${first}`) }).click()
    await expect(p.getByRole('link', { name: first, exact: true })).toHaveAttribute(
      'aria-current',
      'page'
    )
    await waitLive(p)
    await waitLive(o)
  })

  await test.step('a mention of Pete there raises exactly one notification', async () => {
    await showMembers(o)
    await expect(o.locator('.members-panel li').filter({ hasText: pete.name })).toBeVisible()
    await send(o, 'plain words over here')
    await send(o, `@${pete.name} hello from the other workspace`)
    await expectShown(p, 'hello from the other workspace')
    // A second mention is the marker: once it shows, the first had its chance to show twice.
    await send(o, `@${pete.name} one more from over here`)
    await expectShown(p, 'one more from over here')
    expect(await shown(p)).toEqual([
      { title: `general · ${second}`, body: `@${pete.name} hello from the other workspace` },
      { title: `general · ${second}`, body: `@${pete.name} one more from over here` },
    ])
    // The rail says so too, live.
    await expect(p.getByRole('link', { name: new RegExp(`^${second}, 2 mentions`) })).toBeVisible()
  })

  await test.step('clicking it opens that workspace at the message', async () => {
    await clickShown(p, 'hello from the other workspace')
    await expect(p.getByRole('link', { name: second, exact: true })).toHaveAttribute(
      'aria-current',
      'page'
    )
    await expect(p).toHaveURL(/\/c\/[0-9a-f-]+\/m\/[0-9a-f-]+$/)
    await expect(
      p.locator('.message-body', { hasText: 'hello from the other workspace' })
    ).toBeVisible()
  })

  await test.step('after a reload, a mention sent before his notifier has loaded still alerts', async () => {
    // The notifier's code loads a moment after the first screen; here it is held until the
    // mention has been sent, as on a slow network.
    const held: Route[] = []
    await p.route(/\/assets\/BrowserNotifier-[^/]+\.js$/, (route) => void held.push(route))
    await p.goto(appUrl('/'))
    await p.getByRole('link', { name: new RegExp(`^${first}`) }).click()
    await expect(p.getByRole('link', { name: first, exact: true })).toHaveAttribute(
      'aria-current',
      'page'
    )
    await waitLive(p)
    await expect.poll(() => held.length).toBeGreaterThan(0)
    await send(o, `@${pete.name} while his notifier was loading`)
    // Stored before the notifier's code is let through (the rail's live badges come with it).
    await expect(confirmedMessageWith(o, 'while his notifier was loading')).toBeVisible()
    expect((await shown(p)).filter((n) => n.body.includes('while his notifier'))).toEqual([])
    for (const route of held) await route.continue()
    await p.unroute(/\/assets\/BrowserNotifier-[^/]+\.js$/)
    await expectShown(p, 'while his notifier was loading')
  })
})

test('Do Not Disturb shows beside the name for the others while it lasts', async ({ browser }) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await twoInGeneral(olga, pete, `Quiet ${Date.now().toString(36)}`)
  const o = olga.page
  const p = pete.page
  await openDm(o, pete.name)
  await showMembers(o)
  const row = o.locator('.members-panel li').filter({ hasText: pete.name })
  const dmLink = o.locator('a[data-channel-id]', { hasText: pete.name })
  await expect(row).toHaveAttribute('data-online', 'true')
  await expect(row).toHaveAttribute('data-dnd', 'false')

  await test.step('Pete snoozes for an hour: Olga sees "Do not disturb" live', async () => {
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = p.getByRole('dialog', { name: 'Preferences' })
    await panel.getByRole('button', { name: 'Snooze 1 hour' }).click()
    await expect(panel.getByText(/^Snoozed until/)).toBeVisible()
    await expect(row).toHaveAttribute('data-dnd', 'true')
    await expect(row.locator('.presence-dot.dnd')).toHaveAttribute('title', 'Do not disturb')
    await expect(row).toContainText('do not disturb')
    await expect(dmLink).toHaveAttribute('aria-label', /do not disturb/)
    await expect(dmLink.locator('.presence-dot.dnd')).toHaveAttribute('title', 'Do not disturb')
  })

  await test.step('the snooze ends: it goes', async () => {
    const panel = p.getByRole('dialog', { name: 'Preferences' })
    await panel.getByRole('button', { name: 'End snooze' }).click()
    await expect(panel.getByText('Notifications are on.')).toBeVisible()
    await expect(row).toHaveAttribute('data-dnd', 'false')
    await expect(row.locator('.presence-dot.dnd')).toHaveCount(0)
    await expect(dmLink).not.toHaveAttribute('aria-label', /do not disturb/)
    await expect(row).toHaveAttribute('data-online', 'true')
  })
})
