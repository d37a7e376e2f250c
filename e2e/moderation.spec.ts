// Moderation end to end (issue 35, part 4): Cleo reports Ben's message from its menu (a reason and
// a note) and sees "Reported"; Ana, the owner, opens Reports from the workspace menu, sees the
// message, its author and Cleo's reason, and removes it; Ben (the author) and Cleo see "Removed
// by an admin" in its place, live; Ana suspends Ben, who is told so at once; Ana's audit log
// says all of it. One browser context per person.
import { expect, test } from './support/test.ts'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { createInviteLink, joinByInvite, twoInGeneral } from './support/workspace.ts'

async function openMenu(person: Actor) {
  await person.page.getByRole('button', { name: 'Workspace menu' }).click()
  return person.page.getByRole('menu')
}

test('a member reports a message, the owner removes it from Reports, everyone sees it removed live', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  const cleo = await actor(browser, 'Cleo')
  const workspace = `Moderated ${Date.now().toString(36)}`
  await twoInGeneral(ana, ben, workspace)
  await joinByInvite(cleo, await createInviteLink(ana.page), workspace)
  await waitLive(cleo.page)

  const text = 'Buy cheap watches at spam dot example'
  await send(ben.page, text)

  await test.step('Cleo reports it from its menu, with a reason and a note', async () => {
    const message = messageWith(cleo.page, text)
    await expect(message).toBeVisible()
    await message.hover()
    await message.getByRole('button', { name: 'More actions' }).click()
    await cleo.page.getByRole('menuitem', { name: 'Report message' }).click()
    const dialog = cleo.page.getByRole('dialog', { name: 'Report message' })
    await dialog.getByRole('radio', { name: 'Spam' }).check()
    await dialog.getByLabel('Anything the admins should know (optional)').fill('an advert')
    await dialog.getByRole('button', { name: 'Report' }).click()
    await expect(dialog).toBeHidden()
    await expect(message.getByText('Reported')).toBeVisible()
  })

  await test.step('Ana sees the report in Reports and removes the message', async () => {
    await (await openMenu(ana)).getByRole('menuitem', { name: 'Reports' }).click()
    const reports = ana.page.getByRole('dialog', { name: 'Reports' })
    const report = reports.getByRole('listitem', { name: `Report of a message by ${ben.name}` })
    await expect(report).toContainText(text)
    await expect(report).toContainText('#general')
    await expect(report).toContainText(`${cleo.name}: Spam — an advert`)
    await report.getByRole('button', { name: 'Remove message' }).click()
    await expect(reports.getByText('No open reports.')).toBeVisible()
    await reports.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('the author and the reporter see "Removed by an admin" live, the text gone', async () => {
    for (const person of [ben, cleo, ana]) {
      await expect(person.page.getByText('Removed by an admin')).toBeVisible()
      await expect(person.page.getByText(text)).toHaveCount(0)
    }
  })

  await test.step('Ana suspends Ben from Reports, People: Ben is told at once', async () => {
    await (await openMenu(ana)).getByRole('menuitem', { name: 'Reports' }).click()
    const reports = ana.page.getByRole('dialog', { name: 'Reports' })
    await reports.getByRole('button', { name: `Suspend ${ben.name}` }).click()
    await expect(
      reports.getByRole('button', { name: `Lift the suspension of ${ben.name}` })
    ).toBeVisible()
    await reports.getByRole('button', { name: 'Close' }).click()
    await expect(
      ben.page.getByRole('heading', { name: `You were suspended from ${workspace}` })
    ).toBeVisible()
  })

  await test.step("Ana's audit log records the removal", async () => {
    await (await openMenu(ana)).getByRole('menuitem', { name: 'Audit log' }).click()
    const log = ana.page.getByRole('dialog', { name: 'Audit log' })
    await expect(log.getByText(`removed a message by ${ben.name} in #general`)).toBeVisible()
    await expect(
      log.getByText(`resolved the report of a message by ${ben.name} in #general`)
    ).toBeVisible()
  })
})
