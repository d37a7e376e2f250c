// Moving between channels from the keyboard, and the "New messages" line where I stopped
// reading (issue 45, item 7): Alt+Down then Alt+Up comes back to where I was, however often and
// wherever the focus landed; and the line sits right above the first message the sidebar counts
// as unread.
import { expect, test } from './support/test.ts'
import {
  actor,
  composer,
  confirmedMessageWith,
  messageWith,
  send,
  waitLive,
} from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

function heading(person: Actor, name: string) {
  return person.page.getByRole('heading', { level: 2, name, exact: true })
}

test('Alt+Up and Alt+Down move between channels and back; the new line matches the count', async ({
  browser,
}) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await twoInGeneral(olga, pete, `Keys ${Date.now().toString(36)}`)
  const o = olga.page

  // #kite: between #general and #random (every new workspace has both) in the sidebar's order.
  await o.getByRole('button', { name: 'Create a channel' }).click()
  const dialog = o.getByRole('dialog', { name: 'Create a channel' })
  await dialog.getByLabel('Name').fill('kite')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(heading(olga, 'kite')).toBeVisible()
  await waitLive(o)

  await expect(o.locator('html[data-channel-keys]')).toBeAttached()
  await test.step('Alt+Up, Alt+Down and back again, without touching the page', async () => {
    for (let round = 0; round < 3; round += 1) {
      await o.keyboard.press('Alt+ArrowUp')
      await expect(heading(olga, 'general')).toBeVisible()
      await o.keyboard.press('Alt+ArrowDown')
      await expect(heading(olga, 'kite')).toBeVisible()
    }
    // from the message list too (a message row focused)
    await send(o, 'a row to focus')
    await messageWith(o, 'a row to focus').click()
    await o.keyboard.press('Alt+ArrowUp')
    await expect(heading(olga, 'general')).toBeVisible()
    await o.keyboard.press('Alt+ArrowDown')
    await expect(heading(olga, 'kite')).toBeVisible()
    // from the empty message box of a channel whose last message is mine (Up alone edits it;
    // Alt+Up is the previous channel, and only that), there and back three times
    const editing = o.getByRole('textbox', { name: 'Edit message' })
    for (let round = 0; round < 3; round += 1) {
      await expect(composer(o)).toBeFocused()
      await o.keyboard.press('Alt+ArrowUp')
      await expect(heading(olga, 'general')).toBeVisible()
      await expect(editing).toHaveCount(0)
      await expect(composer(o)).toBeFocused()
      await o.keyboard.press('Alt+ArrowDown')
      await expect(heading(olga, 'kite')).toBeVisible()
      await expect(editing).toHaveCount(0)
    }
  })

  await test.step('the "New messages" line is above the first unread message', async () => {
    const link = o.locator('a[data-channel-id]', { hasText: 'general' })
    const generalId = await link.getAttribute('data-channel-id')
    // #general's read position saved (not #kite's, which leaving it may save as well)
    const markedRead = () =>
      o.waitForResponse(
        (r) =>
          r.url().includes('/rpc/mark_read') &&
          (r.request().postDataJSON() as { p_channel_id?: string } | null)?.p_channel_id ===
            generalId
      )
    // Olga reads #general to its end (its newest message seen, the read position saved)
    await send(pete.page, 'something to read')
    let read = markedRead()
    await o.keyboard.press('Alt+ArrowUp')
    await expect(confirmedMessageWith(o, 'something to read')).toBeVisible()
    await read
    for (let round = 0; round < 3; round += 1) {
      const tag = `${round}-${Date.now().toString(36)}`
      await o.keyboard.press('Alt+ArrowDown')
      await expect(heading(olga, 'kite')).toBeVisible()
      await send(pete.page, `first unread ${tag}`)
      await send(pete.page, `second unread ${tag}`)
      await expect(confirmedMessageWith(pete.page, `second unread ${tag}`)).toBeVisible()
      await expect(link).toHaveAccessibleName('general, channel, 2 unread')
      read = markedRead()
      await o.keyboard.press('Alt+ArrowUp')
      await expect(heading(olga, 'general')).toBeVisible()
      await expect(messageWith(o, `second unread ${tag}`)).toBeVisible()
      // the first message after the line, in the document's order, is the first unread one
      const line = o.locator('.new-marker', { hasText: 'New messages' })
      await expect(line).toHaveCount(1)
      const afterLine = await line.evaluate((separator) => {
        const rows = [...document.querySelectorAll('article')]
        const next = rows.find(
          (row) => separator.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING
        )
        return next?.textContent ?? ''
      })
      expect(afterLine).toContain(`first unread ${tag}`)
      await read
    }
  })
})
