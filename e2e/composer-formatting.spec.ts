// The message box's tools as two people see them: Ana formats with the toolbar and Slack's
// shortcuts, inserts an emoji from the picker, and Ben sees the message rendered (bold, struck,
// a list), and an emoji alone shown large; at phone width the toolbar has a row of its own.
import { expect, test } from './support/test.ts'
import { actor, composer, confirmedMessageWith } from './support/actors.ts'
import { phoneActor } from './support/phone.ts'
import { inOwnWorkspace, twoInGeneral } from './support/workspace.ts'

test('a message formatted with the toolbar reaches the other browser rendered', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Format ${Date.now().toString(36)}`)
  const box = composer(ana.page)
  // the tools come once the first screen is shown
  const bold = ana.page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', {
    name: 'Bold',
  })
  await expect(bold).toBeVisible()

  await test.step('Ana formats words with the buttons and the shortcuts', async () => {
    await box.fill('ship it today')
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 4))
    await bold.click()
    await expect(box).toHaveValue('**ship** it today')
    await expect(box).toBeFocused()
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(12, 17))
    await box.press('Control+Shift+X')
    await expect(box).toHaveValue('**ship** it ~~today~~')
    // the box's own undo takes a format back
    await box.press('Control+Z')
    await expect(box).toHaveValue('**ship** it today')
    await box.press('Control+Shift+X')
    await box.press('End')
    await box.press('Shift+Enter')
    await box.pressSequentially('first')
    await box.press('Control+Shift+8')
    await expect(box).toHaveValue('**ship** it ~~today~~\n- first')
    await box.press('Enter')
    await expect(box).toHaveValue('')
  })

  await test.step('Ben sees it rendered, not as markup', async () => {
    const message = confirmedMessageWith(ben.page, 'ship')
    await expect(message.locator('strong')).toHaveText('ship')
    await expect(message.locator('del')).toHaveText('today')
    await expect(message.locator('ul > li')).toHaveText('first')
  })

  await test.step('an emoji from the picker, alone, shows large on both sides', async () => {
    await ana.page.getByRole('button', { name: 'Emoji', exact: true }).click()
    const picker = ana.page.getByRole('dialog', { name: 'Insert an emoji' })
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('party pop')
    await picker.getByRole('button', { name: /party popper/i }).click()
    await expect(picker).toBeHidden()
    await expect(box).toHaveValue('🎉')
    await expect(box).toBeFocused()
    await box.press('Enter')
    const large = ben.page.locator('article.message .message-body.emoji-only img[alt="🎉"]')
    await expect(large).toBeVisible()
    await expect.poll(() => large.evaluate((img) => img.getBoundingClientRect().height)).toBe(32)
    await expect(ana.page.locator('.message-body.emoji-only img[alt="🎉"]')).toBeVisible()
  })

  await test.step('Aa hides the formatting buttons, and they stay hidden after a reload', async () => {
    await ana.page.getByRole('button', { name: 'Hide formatting' }).click()
    await expect(ana.page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden()
    await ana.page.reload()
    await expect(ana.page.getByRole('button', { name: 'Show formatting' })).toBeVisible()
    await expect(ana.page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden()
  })
})

test('at phone width every formatting button is in sight, on a row of its own', async ({
  browser,
}) => {
  const pia = await phoneActor(browser, 'Pia')
  await inOwnWorkspace(pia, `Phone tools ${Date.now().toString(36)}`)
  const tools = pia.page.getByRole('toolbar', { name: 'Formatting' })
  await expect(tools.getByRole('button', { name: 'Bold' })).toBeVisible()
  // in the bar beside Attach, Emoji, Aa and Send the last buttons were cut off (issue 67)
  const frame = (await tools.boundingBox())!
  const buttons = await tools.getByRole('button').all()
  expect(buttons.length).toBeGreaterThan(5)
  for (const button of buttons) {
    const box = (await button.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(frame.x)
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5)
  }
  const send = (await pia.page.getByRole('button', { name: 'Send message' }).boundingBox())!
  expect(frame.y + frame.height).toBeLessThanOrEqual(send.y + 0.5)
})
