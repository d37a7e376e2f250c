// The small things a new user trips over, each checked on the page as it renders: the address
// after confirming, no unread badge for my own message in the open channel, evenly spaced
// groups, "(edited)" inline, Escape closing the image viewer, the invite dialog's spacing, and
// the "Channel not available" page without an empty members panel.
import { expect, test } from './support/test.ts'
import type { Locator } from '@playwright/test'
import {
  actor,
  composer,
  confirmedMessageWith,
  messageWith,
  send,
  signUpAndConfirm,
  waitLive,
} from './support/actors.ts'
import { createWorkspace } from './support/workspace.ts'

// A real 4x4 PNG (made with sharp).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not laid out')
  return b
}

test('rough edges: address, badge, spacing, (edited), image viewer, invite dialog, missing channel', async ({
  browser,
}) => {
  const ines = await actor(browser, 'Ines')
  const page = ines.page

  await test.step('confirming by email leaves a clean address (no trailing "#")', async () => {
    await signUpAndConfirm(ines)
    await expect(page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
    expect(page.url()).not.toMatch(/#$/)
  })

  await createWorkspace(ines, `Edges ${Date.now().toString(36)}`)
  await waitLive(page)

  await test.step('my own messages never show an unread badge on the channel I am in', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { badgeSeen: boolean }
      w.badgeSeen = false
      const check = () => {
        if (document.querySelector('.channel-link.active .badge')) w.badgeSeen = true
      }
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
      })
    })
    await send(page, 'one')
    await send(page, 'two')
    // The badge used to show from the live channel row until the read marker moved (the server
    // moves mine to each message I send, and its event follows the channel's).
    await send(page, 'three')
    const three = confirmedMessageWith(page, 'three')
    await expect(three).toHaveAttribute('data-seq', /^\d+$/)
    const seq = (await three.getAttribute('data-seq'))!
    // My read position has moved to 'three' (its event taken in): a badge would have shown
    // before, from the channel's row coming first.
    await expect(page.locator('.channel-link.active')).toHaveAttribute('data-read-seq', seq)
    expect(await page.evaluate(() => (window as unknown as { badgeSeen: boolean }).badgeSeen)).toBe(
      false
    )
  })

  await test.step('the messages of a group are evenly spaced, the first included', async () => {
    const [one, two, three] = await Promise.all(
      ['one', 'two', 'three'].map((t) => box(messageWith(page, t).locator('.message-body')))
    )
    const firstGap = two!.y - (one!.y + one!.height)
    const secondGap = three!.y - (two!.y + two!.height)
    expect(Math.abs(firstGap - secondGap)).toBeLessThanOrEqual(1)
  })

  await test.step('"(edited)" sits on the same line as the text', async () => {
    await composer(page).press('ArrowUp')
    const editor = page.getByRole('combobox', { name: 'Edit message' })
    await expect(editor).toHaveValue('three')
    await editor.fill('three, edited')
    await editor.press('Enter')
    const body = messageWith(page, 'three, edited').locator('.message-body')
    const mark = body.locator('.edited-mark')
    await expect(mark).toHaveText('(edited)')
    const text = await box(body.getByText('three, edited'))
    const markBox = await box(mark)
    expect(markBox.y).toBeLessThan(text.y + text.height)
    expect(markBox.x).toBeGreaterThan(text.x)
  })

  await test.step('Escape closes the full-size image viewer', async () => {
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('progressbar', { name: 'Upload of pixels.png' })).toHaveAttribute(
      'class',
      'progress-done'
    )
    await send(page, 'a picture')
    await confirmedMessageWith(page, 'a picture')
      .getByRole('button', { name: 'Open image pixels.png' })
      .click()
    const viewer = page.getByRole('dialog', { name: 'pixels.png' })
    await expect(viewer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
  })

  await test.step('the invite dialog has no blank gap under "By link"', async () => {
    await page.getByRole('button', { name: 'Invite people' }).first().click()
    const dialog = page.getByRole('dialog', { name: /Invite people/ })
    const heading = await box(dialog.getByRole('heading', { name: 'By link' }))
    const hint = await box(dialog.getByText('Anyone with the link can join'))
    expect(hint.y - (heading.y + heading.height)).toBeLessThanOrEqual(12)
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('"Channel not available" shows no empty members panel', async () => {
    const missing = page.url().replace(/\/c\/[^/]+$/, '/c/00000000-0000-4000-8000-000000000000')
    await page.goto(missing)
    await expect(page.getByRole('heading', { name: 'Channel not available' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Channel members' })).toHaveCount(0)
  })
})
