// Browser notifications of thread replies (issue 37), in real Chromium with the permission
// granted (support/notifications.ts records each one). Pete sits in #general, not in its thread,
// while Olga writes in a thread there: a mention of Pete in the thread, sent while Pete's page
// loads again and before its notifier listens (its code held back), raises exactly one
// notification when the notifier starts, and then (Pete follows the thread, being mentioned) a plain reply raises one too,
// at the default "mentions" level; clicking it opens the thread at that reply. While Pete's tab
// shows the thread, a reply raises none. In #side, which Pete muted, a mention of him in a thread
// raises none; a later reply in the followed thread is the marker that shows it had its chance.
import { expect, test } from './support/test.ts'
import type { Page, Route } from '@playwright/test'
import { actor, send, waitLive } from './support/actors.ts'
import {
  clickShown,
  expectShown,
  NOTIFYING_BROWSER,
  recordNotifications,
  shown,
} from './support/notifications.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

/** Olga's reply in the open thread, confirmed. */
async function reply(page: Page, text: string, shows = text): Promise<void> {
  const box = thread(page).getByRole('combobox', { name: /^Message / })
  await box.fill(text)
  await expect(box).toHaveValue(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
  await expect(
    thread(page).locator('[role="feed"] article.message:not(.message-pending)', {
      hasText: shows,
    })
  ).toBeVisible()
}

/** Opens the thread of the message with this text, in the channel on screen. */
async function openThread(page: Page, text: string): Promise<void> {
  const parent = page
    .locator('article.message')
    .filter({ has: page.locator('.message-body', { hasText: text }) })
    .first()
  await parent.hover()
  await parent.getByRole('button', { name: 'Reply in thread' }).click()
  await threadLive(page)
}

// The notifier's chunk comes from the network, where a test can hold it, not the service worker.
test.use({ serviceWorkers: 'block', ...NOTIFYING_BROWSER })

async function toChannel(page: Page, name: string): Promise<void> {
  await page.locator('a[data-channel-id]', { hasText: name }).click()
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
  await waitLive(page)
}

test('a mention in a thread and a reply in a followed thread raise one notification each; a muted channel none', async ({
  browser,
}) => {
  // Two people through a channel, a thread and a muted channel: 40-80 s on 2 cores.
  test.setTimeout(180_000)
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await recordNotifications(pete)
  await twoInGeneral(olga, pete, `Threads ring ${Date.now().toString(36)}`)
  const o = olga.page
  const p = pete.page

  await test.step('a mention of Pete in a thread of #general while his page loads raises exactly one', async () => {
    await send(o, 'Plan for the week')
    await openThread(o, 'Plan for the week')
    // Pete's page loads again with its notifier's code held until the mention is in: the
    // notifier hands over what came since the page started.
    const held: Route[] = []
    await p.route(/\/assets\/BrowserNotifier-[^/]+\.js$/, (route) => void held.push(route))
    await p.reload()
    await waitLive(p)
    await expect.poll(() => held.length).toBeGreaterThan(0)
    await reply(o, `@${pete.name} can you take Monday`, 'can you take Monday')
    expect(await shown(p)).toEqual([])
    for (const route of held) await route.continue()
    await p.unroute(/\/assets\/BrowserNotifier-[^/]+\.js$/)
    await expectShown(p, 'can you take Monday')
  })

  await test.step('Pete now follows the thread: a plain reply raises one too', async () => {
    await reply(o, 'Tuesday is the demo')
    await expectShown(p, 'Tuesday is the demo')
    expect(await shown(p)).toEqual([
      { title: 'Thread in general', body: `@${pete.name} can you take Monday` },
      { title: 'Thread in general', body: 'Tuesday is the demo' },
    ])
  })

  await test.step('clicking it opens the thread at that reply; a reply there then raises none', async () => {
    await clickShown(p, 'Tuesday is the demo')
    await expect(p).toHaveURL(/\/c\/[^/]+\/m\/[^/]+$/)
    await threadLive(p)
    await expect(
      thread(p).locator('[role="feed"] article.message', { hasText: 'Tuesday is the demo' })
    ).toBeVisible()
    await reply(o, 'Pete is looking at this')
    await expect(
      thread(p).locator('[role="feed"] article.message', { hasText: 'Pete is looking at this' })
    ).toBeVisible()
    await toChannel(p, 'general')
    await expect(thread(p)).toHaveCount(0)
  })

  await test.step('Olga makes #side with Pete in it; Pete mutes it', async () => {
    await o.getByRole('button', { name: 'Create a channel' }).click()
    const create = o.getByRole('dialog', { name: 'Create a channel' })
    await create.getByLabel('Name').fill('side')
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(o.getByRole('heading', { level: 2, name: 'side', exact: true })).toBeVisible()
    await o.getByRole('button', { name: 'Add people to the channel' }).click()
    const add = o.getByRole('dialog', { name: /Add people/ })
    await add.getByLabel(pete.name).check()
    await add.getByRole('button', { name: 'Add' }).click()
    await waitLive(o)
    await toChannel(p, 'side')
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = p.getByRole('dialog', { name: 'Preferences' })
    await panel.getByLabel('Mute this conversation').check()
    await expect(p.locator('a[data-channel-id]', { hasText: 'side' })).toHaveAttribute(
      'aria-label',
      /muted/
    )
    await panel.press('Escape')
    await toChannel(p, 'general')
  })

  await test.step("a mention in a muted channel's thread raises none", async () => {
    await send(o, 'Side plan')
    await openThread(o, 'Side plan')
    await reply(o, `@${pete.name} muted thread mention`, 'muted thread mention')
    // The marker: a reply in the followed thread of #general, after it.
    await toChannel(o, 'general')
    await o.getByRole('button', { name: '3 replies, open the thread' }).click()
    await threadLive(o)
    await reply(o, 'Wednesday is free')
    await expectShown(p, 'Wednesday is free')
    expect((await shown(p)).map((n) => n.body)).toEqual([
      `@${pete.name} can you take Monday`,
      'Tuesday is the demo',
      'Wednesday is free',
    ])
  })
})
