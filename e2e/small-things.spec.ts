// The small things a new user noticed, each checked as a person meets it: reacting from "Add
// reaction" on a message with another row below it, Escape in the search box, and a deleted
// message that leaves no row behind. (A sign-in link used twice: auth.spec.ts; the upload
// bar while the server finishes: UploadTray.test.tsx.)
import { expect, test } from './support/test.ts'
import {
  actor,
  answerConfirm,
  confirmedMessageWith,
  messageWith,
  send,
  waitLive,
} from './support/actors.ts'
import { inOwnWorkspace } from './support/workspace.ts'

test('quick reactions over the next row, one Escape to close search, deleted messages go', async ({
  browser,
}) => {
  const ida = await actor(browser, 'Ida')
  const page = ida.page
  await inOwnWorkspace(ida, `Small ${Date.now().toString(36)}`)
  await waitLive(page)
  await send(page, 'first of three')
  await send(page, 'second of three')
  await send(page, 'third of three')
  await expect(confirmedMessageWith(page, 'third of three')).toBeVisible()

  await test.step('the quick-reaction menu of a message is above the row under it', async () => {
    const first = messageWith(page, 'first of three')
    await first.hover()
    await first.getByRole('button', { name: 'Add reaction' }).click()
    // A real click (no force): the row below used to be drawn over the menu and take it.
    await page.getByRole('menuitem', { name: '🎉' }).click()
    await expect(first.locator('.reaction', { has: page.locator('img[alt="🎉"]') })).toBeVisible()
    await expect(messageWith(page, 'second of three').locator('.reaction')).toHaveCount(0)
  })

  await test.step('one Escape closes the search, with text in it', async () => {
    await expect(page.locator('html[data-search-keys]')).toBeAttached()
    await page.keyboard.press('Control+g')
    const dialog = page.getByRole('dialog', { name: /^Search / })
    const input = dialog.getByRole('combobox', { name: 'Search messages' })
    await input.fill('three')
    await input.press('Escape')
    await expect(dialog).toBeHidden()
  })

  await test.step('a deleted message without replies leaves no row', async () => {
    const second = messageWith(page, 'second of three')
    await second.hover()
    await second.getByRole('button', { name: 'Delete message' }).click()
    await answerConfirm(page, 'Delete')
    await expect(messageWith(page, 'second of three')).toHaveCount(0)
    await expect(page.getByText('This message was deleted.')).toHaveCount(0)
    await expect(messageWith(page, 'first of three')).toBeVisible()
    await expect(messageWith(page, 'third of three')).toBeVisible()
  })
})
