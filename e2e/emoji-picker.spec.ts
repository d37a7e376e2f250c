// The emoji picker from a message's "Add reaction", one person against the real stack: a search
// by name, a skin tone, the recently used ones (as images) the next time it opens, and who
// reacted in the reaction's title, on hover and to screen readers.
import { expect, test } from './support/test.ts'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import { inOwnWorkspace } from './support/workspace.ts'

test('the emoji picker: search, skin tone, recently used; a reaction lists who reacted', async ({
  browser,
}) => {
  const alice = await actor(browser, 'Alice')
  await inOwnWorkspace(alice, `Emoji ${Date.now().toString(36)}`)
  await waitLive(alice.page)
  const page = alice.page
  await send(page, 'Shipped the release')
  const message = messageWith(page, 'Shipped the release')

  async function openPicker() {
    await message.hover()
    await message.getByRole('button', { name: 'Add reaction' }).click()
    await message.getByRole('menuitem', { name: 'More emoji' }).click()
    return page.getByRole('dialog', { name: 'Add a reaction' })
  }

  let picker = await openPicker()
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('party pop')
  await picker.getByRole('button', { name: 'Party Popper' }).click()
  await expect(picker).toBeHidden()
  const reactions = message.getByRole('group', { name: 'Reactions' })
  await expect(reactions.getByRole('button', { name: /^🎉 by you/ })).toBeVisible()

  picker = await openPicker()
  await picker.getByRole('radio', { name: 'Medium', exact: true }).click()
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('thumbs up')
  await picker.getByRole('button', { name: 'Thumbs Up' }).click()
  await expect(reactions.getByRole('button', { name: /^👍🏽 by you/ })).toBeVisible()
  // Who reacted shows on hover (at once, and in the title) and to screen readers (the name).
  const thumbs = reactions.getByRole('button', { name: /^👍🏽 by you/ })
  await expect(thumbs).toHaveAttribute('title', '👍🏽 by you')
  await thumbs.hover()
  await expect
    .poll(() => thumbs.evaluate((el) => getComputedStyle(el, '::after').content))
    .toBe('"👍🏽 by you"')

  picker = await openPicker()
  const recent = picker.getByRole('region', { name: 'Recently used' })
  // each shown as its image, the emoji its alt text
  await expect
    .poll(() =>
      recent
        .getByRole('button')
        .locator('img')
        .evaluateAll((all) => all.map((i) => (i as HTMLImageElement).alt))
    )
    .toEqual(['👍🏽', '🎉'])
  await expect(picker.getByRole('radio', { name: 'Medium', exact: true })).toHaveAttribute(
    'aria-checked',
    'true'
  )
  await picker.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(picker).toBeHidden()
})
