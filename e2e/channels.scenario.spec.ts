// Channels and roles with two people: a private channel, a direct message with its unread badge,
// browsing and joining a public channel, topic, rename, a thread, and archive (the thread still
// reads, nothing changes it), a role change, and removal.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, answerConfirm, composer, messageWith, send, waitLive } from './support/actors.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

async function replyInThread(page: Page, text: string): Promise<void> {
  await threadLive(page)
  const box = thread(page).getByRole('combobox', { name: /^Message / })
  await box.fill(text)
  await expect(box).toHaveValue(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
}

test('private channels, DMs with unread counts, browse and join, settings, roles and removal', async ({
  browser,
}) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await twoInGeneral(olga, pete, `Crew ${Date.now().toString(36)}`)
  const o = olga.page
  const p = pete.page

  await test.step('a private channel is visible only once Pete is added', async () => {
    await o.getByRole('button', { name: 'Create a channel' }).click()
    const dialog = o.getByRole('dialog', { name: 'Create a channel' })
    await dialog.getByLabel('Name').fill('Secret Plans')
    await expect(dialog.getByText('Will be #secret-plans')).toBeVisible()
    await dialog.getByLabel('Private: only people added can see it').check()
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(
      o.getByRole('heading', { level: 2, name: 'secret-plans', exact: true })
    ).toBeVisible()
    await waitLive(o)
    await send(o, 'for the two of us')
    await expect(p.locator('a[data-channel-id]', { hasText: 'secret-plans' })).toHaveCount(0)
    await o.getByRole('button', { name: 'Add people to the channel' }).click()
    const add = o.getByRole('dialog', { name: /Add people/ })
    await add.getByLabel(pete.name).check()
    await add.getByRole('button', { name: 'Add' }).click()
    const link = p.locator('a[data-channel-id]', { hasText: 'secret-plans' })
    await expect(link).toBeVisible()
    await link.click()
    await expect(messageWith(p, 'for the two of us')).toBeVisible()
  })

  await test.step('a direct message shows as unread until opened', async () => {
    await p.getByRole('button', { name: 'New direct message' }).click()
    const dialog = p.getByRole('dialog', { name: 'New direct message' })
    await dialog.getByLabel(olga.name).check()
    await dialog.getByRole('button', { name: 'Open conversation' }).click()
    await expect(p.getByRole('heading', { level: 2, name: olga.name, exact: true })).toBeVisible()
    await waitLive(p)
    await send(p, 'psst, a direct message')
    const dm = o.locator('a[data-channel-id]', { hasText: pete.name })
    await expect(dm).toHaveAttribute(
      'aria-label',
      new RegExp(`${pete.name}, direct message, 1 unread`)
    )
    await dm.click()
    await expect(messageWith(o, 'psst, a direct message')).toBeVisible()
    await expect(dm).not.toHaveAttribute('aria-label', /unread/)
  })

  await test.step('Pete browses and joins a public channel; Olga sets its topic and renames it', async () => {
    await o.getByRole('button', { name: 'Create a channel' }).click()
    const create = o.getByRole('dialog', { name: 'Create a channel' })
    await create.getByLabel('Name').fill('lunch')
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(o.getByRole('heading', { level: 2, name: 'lunch', exact: true })).toBeVisible()
    await p.getByRole('button', { name: 'Browse channels' }).click()
    const browse = p.getByRole('dialog', { name: 'Browse channels' })
    await browse
      .getByRole('listitem')
      .filter({ hasText: '#lunch' })
      .getByRole('button', { name: 'Join' })
      .click()
    await expect(p.getByRole('heading', { level: 2, name: 'lunch', exact: true })).toBeVisible()
    await o.getByRole('button', { name: 'Channel settings' }).click()
    const settings = o.getByRole('dialog', { name: '#lunch settings' })
    await settings.getByLabel('Name').fill('lunch-club')
    await settings.getByLabel('Topic').fill('Where we eat on Fridays')
    await settings.getByRole('button', { name: 'Save' }).click()
    await expect(
      p.getByRole('heading', { level: 2, name: 'lunch-club', exact: true })
    ).toBeVisible()
    await expect(p.getByText('Where we eat on Fridays')).toBeVisible()
  })

  await test.step('Pete and Olga reply in a thread there', async () => {
    await waitLive(o)
    await send(o, 'Tacos or ramen this Friday?')
    const onPete = messageWith(p, 'Tacos or ramen this Friday?')
    await onPete.hover()
    await onPete.getByRole('button', { name: 'Reply in thread' }).click()
    await replyInThread(p, 'Ramen, obviously')
    await messageWith(o, 'Tacos or ramen this Friday?')
      .getByRole('button', { name: '1 reply, open the thread' })
      .click()
    await replyInThread(o, 'Ramen it is')
    await expect(
      messageWith(p, 'Tacos or ramen this Friday?').getByRole('button', {
        name: '2 replies, open the thread',
      })
    ).toBeVisible()
    await thread(o).getByRole('button', { name: 'Close thread' }).click()
    await thread(p).getByRole('button', { name: 'Close thread' }).click()
  })

  await test.step('Pete leaves the channel after a confirmation, and undoes it', async () => {
    const heading = p.getByRole('heading', { level: 2, name: 'lunch-club', exact: true })
    const leave = async () => {
      await p.getByRole('button', { name: 'Channel settings' }).click()
      await p
        .getByRole('dialog', { name: '#lunch-club settings' })
        .getByRole('button', { name: 'Leave channel' })
        .click()
      await expect(p.getByRole('alertdialog', { name: 'Leave #lunch-club?' })).toContainText(
        'You can join it again at any time from Browse channels.'
      )
    }
    await leave()
    await answerConfirm(p, 'Cancel')
    await p
      .getByRole('dialog', { name: '#lunch-club settings' })
      .getByRole('button', { name: 'Close' })
      .click()
    await expect(heading).toBeVisible()
    await leave()
    await answerConfirm(p, 'Leave')
    await expect(heading).toHaveCount(0)
    // Left, one lands in #general (never on "Channel not available").
    await expect(p.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
    const toast = p.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')
    await expect(toast).toContainText('You left #lunch-club.')
    await toast.getByRole('button', { name: 'Undo' }).click()
    await expect(heading).toBeVisible()
    await waitLive(p)
  })

  await test.step('archiving stops new messages but keeps the history and its threads', async () => {
    await o.getByRole('button', { name: 'Channel settings' }).click()
    await o
      .getByRole('dialog', { name: '#lunch-club settings' })
      .getByRole('button', { name: 'Archive channel' })
      .click()
    await expect(o.getByText('This channel is archived. Its history stays readable.')).toBeVisible()
    await expect(composer(o)).toHaveCount(0)

    // Read-only: no new thread, no reaction, no edit on Olga's own message.
    const parent = messageWith(o, 'Tacos or ramen this Friday?')
    await parent.hover()
    await expect(parent.getByRole('button', { name: 'Copy link' })).toHaveCount(1)
    for (const name of ['Reply in thread', 'Add reaction', 'Edit message', 'Delete message']) {
      await expect(parent.getByRole('button', { name })).toHaveCount(0)
    }
    // The thread opens with its replies, the composer's place saying why, and no actions.
    await parent.getByRole('button', { name: '2 replies, open the thread' }).click()
    const panel = thread(o)
    await expect(panel).toHaveAttribute('data-status', 'live', { timeout: 30_000 })
    await expect(panel.locator('[role="feed"] article.message .message-body')).toHaveText([
      'Ramen, obviously',
      'Ramen it is',
    ])
    await expect(
      panel.getByText('This channel is archived. Its threads stay readable.')
    ).toBeVisible()
    await expect(composer(o)).toHaveCount(0)
    await expect(panel.getByRole('checkbox', { name: /^Also send to/ })).toHaveCount(0)
    const mine = panel.locator('article.message', { hasText: 'Ramen it is' })
    await mine.hover()
    await expect(mine.getByRole('button', { name: 'Copy link' })).toHaveCount(1)
    for (const name of ['Add reaction', 'Edit message', 'Delete message']) {
      await expect(panel.getByRole('button', { name })).toHaveCount(0)
    }
    await mine.focus()
    await mine.press('e')
    await expect(panel.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
    await panel.getByRole('button', { name: 'Close thread' }).click()
  })

  await test.step('Olga makes Pete an admin, then removes him', async () => {
    await o.getByRole('button', { name: 'Workspace menu' }).click()
    await o.getByRole('menuitem', { name: /Members/ }).click()
    const members = o.getByRole('dialog', { name: 'Workspace members' })
    const role = members.getByRole('combobox', { name: `Role of ${pete.name}` })
    await choose(role, 'Admin')
    await expect(role).toHaveText('Admin')
    await expect(p.getByRole('button', { name: 'Invite people' }).first()).toBeVisible()
    await members
      .getByRole('listitem')
      .filter({ hasText: pete.name })
      .getByRole('button', { name: 'Remove' })
      .click()
    await expect(o.getByRole('alertdialog', { name: 'Remove member' })).toContainText(
      `Remove ${pete.name} from the workspace?`
    )
    await answerConfirm(o, 'Remove')
    await expect(members.getByText(pete.name)).toHaveCount(0)
    await expect(p.getByRole('heading', { name: 'Workspace not available' })).toBeVisible()
  })

  await olga.context.close()
  await pete.context.close()
})
