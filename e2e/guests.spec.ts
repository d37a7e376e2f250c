// Guests end to end: Ana (the owner) makes #partners, which Ben (a member) joins, and invites
// Gwen by email as a single-channel guest of #partners. Gwen follows the mailed link, picks her
// name and password, joins, and sees #partners only: no #general, no Browse channels, no Create
// a channel. Her message reaches Ben marked GUEST, and the members panel marks her too.
import { expect, test } from './support/test.ts'
import { actor, send, waitLive, messageWith } from './support/actors.ts'
import { linkFromEmail } from './support/inbox.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

test('a guest invited to one channel sees only it, and is marked GUEST for the others', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  const workspace = `Guests ${Date.now().toString(36)}`
  await twoInGeneral(ana, ben, workspace)

  await test.step('Ana makes #partners and Ben joins it', async () => {
    await ana.page.getByRole('button', { name: 'Create a channel' }).click()
    const create = ana.page.getByRole('dialog', { name: 'Create a channel' })
    await create.getByLabel('Name').fill('partners')
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(
      ana.page.getByRole('heading', { level: 2, name: 'partners', exact: true })
    ).toBeVisible()
    await ben.page.getByRole('button', { name: 'Browse channels' }).click()
    await ben.page
      .getByRole('dialog', { name: 'Browse channels' })
      .getByRole('listitem')
      .filter({ hasText: '#partners' })
      .getByRole('button', { name: 'Join' })
      .click()
    await expect(
      ben.page.getByRole('heading', { level: 2, name: 'partners', exact: true })
    ).toBeVisible()
    await waitLive(ben.page)
  })

  const email = `gwen.${Date.now().toString(36)}@example.test`
  await test.step('Ana invites Gwen by email as a single-channel guest of #partners', async () => {
    await ana.page.getByRole('button', { name: 'Invite people' }).first().click()
    const dialog = ana.page.getByRole('dialog', { name: /Invite people/ })
    await choose(dialog.getByRole('combobox', { name: 'Invite as' }), 'Guest')
    await expect(dialog.getByRole('button', { name: 'Create invite link' })).toBeHidden()
    await dialog.getByLabel('Email addresses').fill(email)
    // no channel picked yet: nothing to send
    await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeDisabled()
    await dialog
      .getByRole('list', { name: 'Channels for the guest' })
      .getByLabel('#partners')
      .check()
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(dialog.getByText(`Invitation sent to ${email}.`)).toBeVisible()
    await expect(dialog.getByText(`${email} · guest`)).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  const context = await browser.newContext()
  const gwen = await context.newPage()
  await test.step('Gwen joins through the mailed link and sees #partners only', async () => {
    await gwen.goto(await linkFromEmail(email, new RegExp(`invited you to ${workspace}`)))
    await gwen.getByLabel('Display name').fill('Gwen Guest')
    await gwen.getByLabel('Password').fill('guest-Secret-42')
    await gwen.getByRole('button', { name: 'Continue' }).click()
    await gwen.getByRole('button', { name: `Join ${workspace}` }).click()
    await expect(
      gwen.getByRole('heading', { level: 2, name: 'partners', exact: true })
    ).toBeVisible()
    const channels = gwen.locator('a[data-channel-id]')
    await expect(channels).toHaveCount(1)
    await expect(channels).toContainText('partners')
    await expect(gwen.getByRole('button', { name: 'Browse channels' })).toHaveCount(0)
    await expect(gwen.getByRole('button', { name: 'Create a channel' })).toHaveCount(0)
    await waitLive(gwen)
    await send(gwen, 'Hello from outside')
  })

  await test.step('Ben sees her message marked GUEST, and the members panel marks her', async () => {
    const message = messageWith(ben.page, 'Hello from outside')
    await expect(message).toBeVisible()
    await expect(message.locator('.guest-marker')).toHaveText(/GUEST/)
    await ben.page.getByRole('button', { name: 'Show members' }).click()
    const panel = ben.page.getByRole('complementary', { name: 'Channel members' })
    await expect(panel.getByRole('listitem').filter({ hasText: 'Gwen Guest' })).toContainText(
      'GUEST'
    )
    await expect(panel.getByRole('listitem').filter({ hasText: ben.name })).not.toContainText(
      'GUEST'
    )
  })
  await context.close()
})
