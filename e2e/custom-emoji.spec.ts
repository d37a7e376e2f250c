// Custom emoji (issue 71, item 1), in two browsers: Ana adds :partyparrot: (an animated GIF) on
// the Custom emoji screen; without a reload Bo uses it in a message and as a reaction from the
// picker's section named as the workspace, and Ana sees both as its image; Bo's composer
// completes `:party` (and its alias) with it, by keyboard; a standard `:shortcode:` (Slack's
// alias, a skin tone) shows the set's emoji. Ana removes it: on both screens, live,
// the message and the reaction show :partyparrot: as text, and the autocomplete no longer has it.
import { chooseFile } from './support/controls.ts'
import sharp from 'sharp'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, composer, messageWith, send, waitLive } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

/** A 2-frame animated GIF of 160x160, as a party parrot is. */
async function parrotGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 160, height: 160, channels: 4, background } })
      .png()
      .toBuffer()
  const strip = await sharp({
    create: { width: 160, height: 320, channels: 4, background: '#000' },
  })
    .composite([
      { input: await frame('#e33'), top: 0, left: 0 },
      { input: await frame('#3a3'), top: 160, left: 0 },
    ])
    .raw()
    .toBuffer()
  return sharp(strip, { raw: { width: 160, height: 320, channels: 4, pageHeight: 160 } })
    .gif({ delay: [120, 120], loop: 0 })
    .toBuffer()
}

async function openCustomEmoji(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Workspace menu' }).click()
  await page.getByRole('menuitem', { name: 'Custom emoji' }).click()
  return page.getByRole('dialog', { name: 'Custom emoji' })
}

/** The custom emoji's image in `scope`, loaded (its alt the name). */
function parrotImage(scope: Locator): Locator {
  return scope.locator('img.emoji-custom[alt=":partyparrot:"]')
}

async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible()
  await expect
    .poll(() => image.evaluate((i) => (i as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0)
}

test('a custom emoji is added, used live in a message and a reaction, and removed', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  const workspace = `Parrots ${Date.now().toString(36)}`
  await twoInGeneral(ana, bo, workspace)

  await test.step('Ana adds :partyparrot: on the Custom emoji screen', async () => {
    const dialog = await openCustomEmoji(ana.page)
    await expect(dialog.getByText('This workspace has no custom emoji yet.')).toBeVisible()
    await chooseFile(dialog.getByRole('button', { name: 'Choose an image' }), {
      name: 'partyparrot.gif',
      mimeType: 'image/gif',
      buffer: await parrotGif(),
    })
    // the name comes from the file's
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('partyparrot')
    await dialog.getByRole('textbox', { name: 'Aliases (optional)' }).fill('parrot-party')
    await dialog.getByRole('button', { name: 'Add emoji' }).click()
    const list = dialog.getByRole('list', { name: 'Custom emoji' })
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(list).toContainText(':partyparrot:')
    await expect(list).toContainText(':parrot-party:')
    await expect(list).toContainText('Added by Ana')
    await expectLoaded(list.getByRole('img', { name: ':partyparrot:' }))
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('Bo, without a reload, writes it in a message: both see its image', async () => {
    // Not send(): its check reads the body's text, and once the emoji's image is there (the lazy
    // part may load before or after the message shows) `:partyparrot:` is an image's alt, not text.
    const box = composer(bo.page)
    await box.fill('Shipped! :partyparrot:')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    for (const page of [bo.page, ana.page]) {
      const message = messageWith(page, 'Shipped!')
      await expectLoaded(parrotImage(message))
      await expect(parrotImage(message)).toHaveAttribute('title', ':partyparrot:')
    }
  })

  await test.step('a standard shortcode, as Slack writes it, shows its emoji', async () => {
    const box = composer(bo.page)
    await box.fill('Standard :white_check_mark: :thumbsup::skin-tone-3: :nosuch:')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    for (const page of [bo.page, ana.page]) {
      const body = messageWith(page, 'Standard').locator('.message-body')
      for (const [alt, title] of [
        ['✅', ':white_check_mark:'],
        ['👍🏼', ':thumbsup::skin-tone-3:'],
      ]) {
        await expect(body.getByRole('img', { name: alt, exact: true })).toHaveAttribute(
          'title',
          title!
        )
      }
      // a name neither the workspace nor the set has stays text
      await expect(body).toContainText(':nosuch:')
    }
  })

  await test.step('Bo’s composer completes `:party` with it, by keyboard; its alias finds it too', async () => {
    const box = composer(bo.page)
    await box.click()
    await box.pressSequentially('Again :party')
    const list = bo.page.getByRole('listbox', { name: 'Emoji' })
    // the custom one first, with its image, the shipped ones after it
    const parrot = list.getByRole('option').first()
    await expect(parrot).toHaveAccessibleName(':partyparrot:')
    await expect(parrot).toHaveAttribute('aria-selected', 'true')
    await expectLoaded(parrotImage(parrot))
    await expect(list.getByRole('option', { name: ':partying_face:' })).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await parrot.getAttribute('id'))!)
    await box.press('ArrowDown')
    await expect(parrot).toHaveAttribute('aria-selected', 'false')
    await box.press('ArrowUp')
    await expect(parrot).toHaveAttribute('aria-selected', 'true')
    await box.press('Tab')
    await expect(list).toBeHidden()
    await expect(box).toHaveValue('Again :partyparrot: ')
    await expect(box).toBeFocused()
    // the alias finds it (named after it in the list); Enter picks, the name is written
    await box.pressSequentially('and :parrot-pa')
    const byAlias = list.getByRole('option', { name: ':partyparrot: :parrot-party:' })
    await expect(byAlias).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')
    await expect(box).toHaveValue('Again :partyparrot: and :partyparrot: ')
    // Escape closes the list, and the next Enter sends
    await box.pressSequentially(':tad')
    await expect(list.getByRole('option', { name: ':tada:' })).toBeVisible()
    await box.press('Escape')
    await expect(list).toBeHidden()
    await box.press('Backspace')
    await box.press('Backspace')
    await box.press('Backspace')
    await box.press('Backspace')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    for (const page of [bo.page, ana.page]) {
      const message = messageWith(page, 'Again')
      await expect(parrotImage(message)).toHaveCount(2)
      await expectLoaded(parrotImage(message).first())
    }
    // the edit box completes too (Up in the empty box edits the last message)
    await box.press('ArrowUp')
    const edit = bo.page.getByRole('combobox', { name: 'Edit message' })
    await expect(edit).toBeFocused()
    await edit.pressSequentially(' :partyp')
    await expect(
      bo.page.getByRole('listbox', { name: 'Emoji' }).getByRole('option').first()
    ).toHaveAccessibleName(':partyparrot:')
    await edit.press('Enter')
    await expect(edit).toHaveValue(/:partyparrot: :partyparrot: $/)
    await edit.press('Enter')
    await expect(edit).toBeHidden()
    await expect(parrotImage(messageWith(ana.page, 'Again'))).toHaveCount(3)
  })

  await test.step('Bo reacts with it from the picker’s section of the workspace', async () => {
    await send(ana.page, 'Release notes are up')
    const message = messageWith(bo.page, 'Release notes are up')
    await message.hover()
    await message.getByRole('button', { name: 'Add reaction' }).click()
    await message.getByRole('menuitem', { name: 'More emoji' }).click()
    const picker = bo.page.getByRole('dialog', { name: 'Add a reaction' })
    const section = picker.getByRole('region', { name: workspace })
    await expect(section.getByRole('heading', { name: workspace })).toBeVisible()
    await section.getByRole('button', { name: ':partyparrot:' }).click()
    await expect(picker).toBeHidden()
    const onAna = messageWith(ana.page, 'Release notes are up')
    const reaction = onAna
      .getByRole('group', { name: 'Reactions' })
      .getByRole('button', { name: /^:partyparrot: by Bo/ })
    await expectLoaded(parrotImage(reaction))
    // and the search finds it by its alias
    await message.hover()
    await message.getByRole('button', { name: 'Add reaction' }).click()
    await message.getByRole('menuitem', { name: 'More emoji' }).click()
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('parrot-par')
    await expect(picker.getByRole('button', { name: ':partyparrot:' })).toBeVisible()
    await picker.getByRole('button', { name: 'Close' }).click()
    await expect(picker).toBeHidden()
  })

  await test.step('Ana removes it: old messages and reactions show :partyparrot: as text', async () => {
    await waitLive(bo.page)
    const dialog = await openCustomEmoji(ana.page)
    await dialog.getByRole('button', { name: 'Remove :partyparrot:' }).click()
    await answerConfirm(ana.page, 'Remove')
    await expect(dialog.getByText('This workspace has no custom emoji yet.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    for (const page of [ana.page, bo.page]) {
      const message = messageWith(page, 'Shipped!')
      await expect(parrotImage(message)).toHaveCount(0)
      await expect(message.locator('.message-body')).toHaveText('Shipped! :partyparrot:')
      const reaction = messageWith(page, 'Release notes are up').getByRole('button', {
        name: /^:partyparrot: by (Bo|you)/,
      })
      await expect(reaction).toContainText(':partyparrot:')
      await expect(parrotImage(reaction)).toHaveCount(0)
    }
    await expect(composer(bo.page)).toBeEnabled()
    // and Bo's `:` autocomplete no longer offers it
    const box = composer(bo.page)
    await box.click()
    await box.pressSequentially(':parrot')
    const list = bo.page.getByRole('listbox', { name: 'Emoji' })
    await expect(list.getByRole('option', { name: ':parrot:' })).toBeVisible()
    await expect(list.getByRole('option', { name: /partyparrot/ })).toHaveCount(0)
  })
})
