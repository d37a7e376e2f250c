// A person's status and away, end to end with two people against the real stack: a status set
// from the profile dialog (a preset, then an emoji from the emoji picker, found by search and
// recently used next time, and a text of its own) shows live beside the name on the other side
// (the message's author, the members panel) and goes when cleared; a text over 100 characters
// is refused before it is sent; the picker loads only the images near its view. Away: the page's clock jumped 10 minutes on with no
// input shows the person away (hollow dot) to the other, and the next input shows them back.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, messageWith, send } from './support/actors.ts'
import { showMembers } from './support/members.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

async function openStatus(page: Page) {
  const profile = page.getByRole('dialog', { name: 'Your profile' })
  if (!(await profile.isVisible())) await page.getByRole('button', { name: 'Your profile' }).click()
  await profile.getByRole('button', { name: /Set a status|Change your status/ }).click()
  return page.getByRole('dialog', { name: 'Set a status' })
}

const memberRow = (page: Page, name: string) =>
  page.locator('.members-panel li').filter({ hasText: name })

test('a status set in one browser shows live beside the name in the other, and clears', async ({
  browser,
}) => {
  const alice = await actor(browser, 'Alice')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(alice, bob, `Status ${Date.now().toString(36)}`)
  await send(bob.page, 'Back after lunch')
  const bobsMessage = messageWith(alice.page, 'Back after lunch')
  await expect(bobsMessage).toBeVisible()

  await test.step('Bob picks "Out sick"; Alice sees 🤒 on his message and in the members', async () => {
    const dialog = await openStatus(bob.page)
    await dialog.getByRole('button', { name: '🤒 Out sick' }).click()
    await expect(dialog.getByRole('combobox', { name: 'Clear after' })).toHaveText('Today')
    await expect(dialog.getByText('Clears at the end of today')).toBeVisible()
    await dialog.getByRole('button', { name: 'Save status' }).click()
    await expect(bob.page.getByRole('dialog', { name: 'Your profile' })).toBeVisible()

    await expect(
      bobsMessage.getByRole('img', { name: 'Status: Out sick' }).locator('img')
    ).toHaveAttribute('alt', '🤒')
    await showMembers(alice.page)
    const row = memberRow(alice.page, bob.name)
    await expect(row.getByRole('img', { name: 'Status: Out sick' })).toBeVisible()
    await expect(row.locator('.status-text')).toHaveText('Out sick')
  })

  await test.step('a text over 100 characters is refused before sending', async () => {
    const dialog = await openStatus(bob.page)
    await dialog.getByLabel('Status', { exact: true }).fill('x'.repeat(101))
    await expect(dialog.getByText('At most 100 characters (101 now).')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Save status' })).toBeDisabled()
  })

  await test.step('his own emoji (from the emoji picker) and text replace it live', async () => {
    const dialog = bob.page.getByRole('dialog', { name: 'Set a status' })
    await expect(
      dialog.getByRole('button', { name: 'Status emoji' }).locator('img')
    ).toHaveAttribute('alt', '🤒')
    await dialog.getByRole('button', { name: 'Status emoji' }).click()
    const picker = bob.page.getByRole('dialog', { name: 'Choose a status emoji' })
    // Only the emoji near the picker's view have their images (it once loaded a thousand SVG
    // files on opening, and the page froze for seconds); the rest hold an empty box.
    const images = picker.locator('.emoji-scroll img.emoji')
    await expect.poll(() => images.count()).toBeGreaterThan(30)
    expect(await images.count()).toBeLessThan(400)
    expect(await picker.locator('.emoji-scroll .emoji-held').count()).toBeGreaterThan(1000)
    await picker
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: 'Food & drink' })
      .click()
    await expect(picker.getByRole('region', { name: 'Food & drink' })).toBeInViewport()
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('headphone')
    await picker.getByRole('button', { name: 'Headphone', exact: true }).click()
    await expect(picker).toBeHidden()
    await expect(
      dialog.getByRole('button', { name: 'Status emoji' }).locator('img')
    ).toHaveAttribute('alt', '🎧')
    // Recently used next time; Escape closes the picker and leaves the status dialog open.
    await dialog.getByRole('button', { name: 'Status emoji' }).click()
    await expect(
      picker.getByRole('region', { name: 'Recently used' }).getByRole('button', {
        name: 'Recently used: Headphone',
      })
    ).toBeVisible()
    await picker.getByRole('searchbox', { name: 'Search emoji' }).press('Escape')
    await expect(picker).toBeHidden()
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Status', { exact: true }).fill('Focusing until 3')
    await choose(dialog.getByRole('combobox', { name: 'Clear after' }), "Don't clear")
    await dialog.getByRole('button', { name: 'Save status' }).click()
    // Saved, the profile dialog is back (the next step's openStatus asks whether it shows: asked
    // while the status dialog was still closing, it clicked the profile button under it).
    await expect(bob.page.getByRole('dialog', { name: 'Your profile' })).toBeVisible()
    await expect(
      bobsMessage.getByRole('img', { name: 'Status: Focusing until 3' }).locator('img')
    ).toHaveAttribute('alt', '🎧')
    await expect(memberRow(alice.page, bob.name).locator('.status-text')).toHaveText(
      'Focusing until 3'
    )
  })

  await test.step('cleared: gone on the other side', async () => {
    const dialog = await openStatus(bob.page)
    await dialog.getByRole('button', { name: 'Clear status' }).click()
    await expect(bob.page.getByRole('button', { name: 'Set a status' })).toBeVisible()
    await expect(bobsMessage.locator('.status-emoji')).toHaveCount(0)
    await expect(memberRow(alice.page, bob.name).locator('.status')).toHaveCount(0)
  })
})

test('ten minutes without input shows a person away to the others; input brings them back', async ({
  browser,
}) => {
  const alice = await actor(browser, 'Alice')
  const bob = await actor(browser, 'Bob')
  await bob.page.clock.install()
  await twoInGeneral(alice, bob, `Away ${Date.now().toString(36)}`)
  await showMembers(alice.page)
  await showMembers(bob.page)
  const bobOnAlice = memberRow(alice.page, bob.name)
  await expect(bobOnAlice).toHaveAttribute('data-online', 'true')
  await expect(bobOnAlice).toHaveAttribute('data-away', 'false')

  await test.step('9 minutes idle: still active', async () => {
    await bob.page.clock.fastForward('09:00')
    // Bob's own panel would say so first if he were away.
    await expect(memberRow(bob.page, bob.name)).toHaveAttribute('data-away', 'false')
    await expect(bobOnAlice).toHaveAttribute('data-away', 'false')
  })

  await test.step('past 10 minutes idle: away, a hollow dot, for Alice too', async () => {
    await bob.page.clock.fastForward('01:05')
    await expect(memberRow(bob.page, bob.name)).toHaveAttribute('data-away', 'true')
    await expect(bobOnAlice).toHaveAttribute('data-away', 'true')
    await expect(bobOnAlice).toContainText('away')
    await expect(bobOnAlice.locator('.presence-dot.online.away')).toBeVisible()
  })

  await test.step('Bob moves the mouse: active again for Alice', async () => {
    await bob.page.mouse.move(200, 200)
    await bob.page.mouse.move(240, 260)
    await expect(bobOnAlice).toHaveAttribute('data-away', 'false')
    await expect(bobOnAlice).toHaveAttribute('data-online', 'true')
  })
})
