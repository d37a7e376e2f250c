// Workspace analytics (app/src/features/analytics): the owner opens Analytics from the workspace
// menu and reads #general with the messages written in it and by how many people; Ben, a member,
// has no such item.
import { expect, test } from './support/test.ts'
import { actor, send } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

test('the owner reads how busy each channel is in Analytics; a member has no Analytics', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Counted ${Date.now().toString(36)}`)
  await send(ana.page, 'first of three')
  await send(ben.page, 'second of three')
  await send(ana.page, 'third of three')

  await ben.page.getByRole('button', { name: 'Workspace menu' }).click()
  await expect(
    ben.page.getByRole('menu').getByRole('menuitem', { name: 'Members (2)' })
  ).toBeVisible()
  await expect(ben.page.getByRole('menuitem', { name: 'Analytics' })).toHaveCount(0)
  await ben.page.keyboard.press('Escape')

  await ana.page.getByRole('button', { name: 'Workspace menu' }).click()
  await ana.page.getByRole('menu').getByRole('menuitem', { name: 'Analytics' }).click()
  const dialog = ana.page.getByRole('dialog', { name: 'Analytics' })
  const general = dialog.getByRole('row', { name: /^#general/ })
  await expect(general.getByRole('cell').nth(0)).toHaveText('3')
  await expect(general.getByRole('cell').nth(1)).toHaveText('2')
  await expect(dialog.getByRole('table')).toContainText('3 messages in the last 30 days')
  await choose(dialog.getByRole('combobox', { name: 'Period' }), 'Last 7 days')
  await expect(dialog.getByRole('table')).toContainText('in the last 7 days')
  await expect(general.getByRole('cell').nth(0)).toHaveText('3')
  await ana.context.close()
  await ben.context.close()
})
