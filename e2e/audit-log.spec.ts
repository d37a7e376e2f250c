// The audit log end to end: Ana (the owner) makes Ben an admin in Members; the workspace menu's
// Audit log shows that and what came before it (the workspace made, the invite link, Ben's join)
// with who, when and the address the server saw; a filter narrows it; Export CSV downloads the
// same rows as PostgREST writes them. Ben, a member and then an admin, has no Audit log in his
// menu: it is for owners only.
import { readFile } from 'node:fs/promises'
import { expect, test } from './support/test.ts'
import { actor } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

async function openMenu(person: Actor) {
  await person.page.getByRole('button', { name: 'Workspace menu' }).click()
  return person.page.getByRole('menu')
}

test('an owner reads who changed what, filters it and exports it as CSV; others cannot open it', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  const workspace = `Audited ${Date.now().toString(36)}`
  await twoInGeneral(ana, ben, workspace)

  await test.step('Ben, a member, has no Audit log in the workspace menu', async () => {
    const menu = await openMenu(ben)
    await expect(menu.getByRole('menuitem', { name: 'Members (2)' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0)
    await ben.page.keyboard.press('Escape')
  })

  await test.step('Ana makes Ben an admin', async () => {
    await (await openMenu(ana)).getByRole('menuitem', { name: 'Members (2)' }).click()
    const members = ana.page.getByRole('dialog', { name: 'Workspace members' })
    const role = members.getByRole('combobox', { name: `Role of ${ben.name}` })
    await choose(role, 'Admin')
    await expect(role).toHaveText('Admin')
    await members.getByRole('button', { name: 'Close' }).click()
  })

  const log = ana.page.getByRole('dialog', { name: 'Audit log' })
  const rows = log.getByRole('table', { name: 'Audit log entries' }).locator('tbody tr')
  await test.step('the audit log shows the role change and what came before, newest first', async () => {
    await (await openMenu(ana)).getByRole('menuitem', { name: 'Audit log' }).click()
    await expect(rows.first()).toContainText(`changed the role of ${ben.name} from member to admin`)
    await expect(rows.first()).toContainText(ana.name)
    await expect(rows.first()).toContainText('owner')
    // The address the stack saw (the browser is on this machine).
    await expect(rows.first().locator('td').nth(3)).toHaveText(/^(127\.0\.0\.1|::1)$/)
    await expect(log.getByText(`${ben.name} joined as member`)).toBeVisible()
    await expect(log.getByText('made an invite link for members')).toBeVisible()
    await expect(log.getByText(`created the workspace ${workspace}`)).toBeVisible()
  })

  await test.step('a filter narrows it, and Export CSV downloads the same rows', async () => {
    await log.getByRole('combobox', { name: 'Kind' }).click()
    await ana.page.getByRole('option', { name: 'Invitations' }).click()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('made an invite link for members')
    // Dates on a calendar, by the keyboard: "To" yesterday leaves nothing; Clear brings it back.
    const to = log.getByRole('button', { name: 'To', exact: true })
    await expect(to).toHaveText('Any date')
    await to.click()
    await ana.page.keyboard.press('ArrowLeft')
    await ana.page.keyboard.press('Enter')
    await expect(to).toBeFocused()
    await expect(to).not.toHaveText('Any date')
    await expect(rows).toHaveCount(0)
    await to.click()
    await ana.page.getByRole('button', { name: 'Clear' }).click()
    await expect(to).toHaveText('Any date')
    await expect(rows).toHaveCount(1)
    const [download] = await Promise.all([
      ana.page.waitForEvent('download'),
      log.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^audit-log-audited-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/
    )
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\n')
    expect(csv[0]).toBe(
      'occurred_at,actor_name,actor_id,actor_role,action,target_type,target_label,target_id,details,ip,user_agent'
    )
    expect(csv).toHaveLength(2)
    expect(csv[1]).toContain(',invite.created,invite,')
  })

  await test.step('Ben, now an admin, still has no Audit log', async () => {
    const menu = await openMenu(ben)
    await expect(menu.getByRole('menuitem', { name: 'Integrations' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0)
  })
})
