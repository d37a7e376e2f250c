// A message opened from search or by its permalink is the live channel, not a snapshot: deep in a
// channel of 260 messages, Ana reacts to it and edits it from there, Bob (the link opened in a
// fresh page) sees both live and his own edit and reaction reach Ana live; Ana scrolls down into
// the newer messages until the newest (Bob's new one among them), where the channel is live as
// usual; the link opened again, "Jump to latest" goes back to the newest messages.
import { expect, test } from './support/test.ts'
import type { Locator, Page } from '@playwright/test'
import { actor, confirmedMessageWith, messageWith, send, waitLive } from './support/actors.ts'
import { bulkSend } from './support/bulk.ts'
import { twoInGeneral } from './support/workspace.ts'

const DEEP = 260
const NEEDLE = 'The needle note'

function focused(page: Page): Locator {
  return page.locator('article.message-focused')
}

async function react(message: Locator, emoji: string): Promise<void> {
  await message.hover()
  await message.getByRole('button', { name: 'Add reaction' }).click()
  await message.page().getByRole('menuitem', { name: emoji }).click()
}

async function edit(message: Locator, text: string): Promise<void> {
  await message.hover()
  await message.getByRole('button', { name: 'Edit message' }).click()
  const box = message.page().getByRole('combobox', { name: 'Edit message' })
  await box.fill(text)
  await box.press('Enter')
  await expect(box).toHaveCount(0)
}

test('a message opened from search or its link is the live channel, down to the newest', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const ana = await actor(browser, 'Ana')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(ana, bob, `Links ${Date.now().toString(36)}`)
  const page = ana.page
  const channelId = new URL(page.url()).pathname.split('/')[4]!

  await send(bob.page, 'Bob early note')
  // Sent, not only shown: a note still in Bob's outbox would go when he is back, after the 260.
  await expect(confirmedMessageWith(bob.page, 'Bob early note')).toBeVisible()
  // Bob is away while the 260 come (a burst of live messages is not what this is about).
  const channelUrl = bob.page.url()
  await bob.page.goto('about:blank')
  await bulkSend(
    page,
    channelId,
    Array.from({ length: DEEP }, (_, i) => (i === 5 ? NEEDLE : `deep ${i}`))
  )
  await page.reload()
  await waitLive(page)
  await send(page, 'the latest word')
  await bob.page.goto(channelUrl)
  await waitLive(bob.page)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))

  let permalink = ''
  await test.step('Ana opens it from search: the live channel there, highlighted', async () => {
    await page.getByRole('button', { name: /^Search / }).click()
    const dialog = page.getByRole('dialog', { name: /^Search / })
    const input = dialog.getByRole('combobox', { name: 'Search messages' })
    await input.fill('needle')
    await expect(dialog.getByRole('option').filter({ hasText: NEEDLE })).toHaveCount(1)
    await input.press('ArrowDown')
    await input.press('Enter')
    await input.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/m\/[0-9a-f-]{36}$/)
    permalink = page.url()
    await expect(focused(page)).toContainText(NEEDLE)
    await expect(focused(page)).toBeInViewport()
    await waitLive(page)
    await expect(messageWith(page, 'Bob early note')).toHaveCount(1)
    await expect(messageWith(page, 'the latest word')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Jump to latest ↓' })).toBeVisible()
  })

  // Bob opens the link in a fresh page of his.
  const linked = await bob.context.newPage()
  linked.on('pageerror', (e) => errors.push(e.message))
  await test.step('Bob opens the link: the same message, live', async () => {
    await linked.goto(permalink)
    await expect(focused(linked)).toContainText(NEEDLE)
    await waitLive(linked)
  })

  await test.step('reactions and edits from there reach the other side live', async () => {
    await react(focused(page), '🎉')
    await expect(focused(linked).locator('.reaction')).toHaveAttribute('title', `🎉 by ${ana.name}`)
    await edit(focused(page), `${NEEDLE}, edited`)
    await expect(focused(linked).locator('.message-body')).toContainText(`${NEEDLE}, edited`)

    await edit(messageWith(linked, 'Bob early note'), 'Bob early note, edited')
    await expect(messageWith(page, 'Bob early note, edited')).toHaveCount(1)
    await react(focused(linked), '👍')
    await expect(
      focused(page).locator('.reaction', { has: page.locator('img[alt="👍"]') })
    ).toHaveAttribute('title', `👍 by ${bob.name}`)
  })

  await test.step('scrolling down reaches the newest messages, then the channel is as usual', async () => {
    await send(bob.page, 'Bob says hi at the end')
    await expect(messageWith(page, 'Bob says hi at the end')).toHaveCount(0)
    const feed = page.getByRole('feed', { name: 'Messages' })
    // As a person scrolls: on to the end until nothing newer is left below. (The last page can
    // arrive after a scroll: its messages then show below the end scrolled to, with "Jump to
    // latest" until one more scroll.)
    const jump = page.getByRole('button', { name: 'Jump to latest ↓' })
    await expect
      .poll(
        async () => {
          await feed.evaluate((el) => (el.scrollTop = el.scrollHeight))
          return (
            (await messageWith(page, 'Bob says hi at the end').count()) === 1 &&
            (await jump.count()) === 0
          )
        },
        { timeout: 60_000 }
      )
      .toBe(true)
    await expect(messageWith(page, 'the latest word')).toHaveCount(1)
    await waitLive(page)
    // Live at the end as usual: the next message shows there.
    await send(bob.page, 'after joining')
    await expect(messageWith(page, 'after joining')).toBeInViewport()
  })

  await test.step('the link again, then "Jump to latest" goes back to the newest', async () => {
    await page.goto(permalink)
    await expect(focused(page)).toContainText(`${NEEDLE}, edited`)
    await expect(focused(page).locator('.reaction')).toHaveCount(2)
    await page.getByRole('button', { name: 'Jump to latest ↓' }).click()
    await expect(page).not.toHaveURL(/\/m\//)
    await expect(messageWith(page, 'after joining')).toBeVisible()
    await waitLive(page)
    expect(errors).toEqual([])
  })
})
