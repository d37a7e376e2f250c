// Announcement channels (issue 71, item 8) under `serve`, in two browsers: Ana (the workspace's
// owner) makes #general admins only in the channel's settings; Bo's composer closes live, saying
// why, while he can still react to her announcement and reply in its thread (with no "Also send
// to #general", which would post there). Ana posts, Bo reads
// it. Then she closes replies too (Bo's thread composer closes live), and opens the channel to
// everyone again: Bo's composer is back without a reload, and he posts.
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith, send, waitLive } from './support/actors.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

test('an admins-only channel closes members’ composers live; they still react and reply', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `News ${Date.now().toString(36)}`)
  const a = ana.page
  const b = bo.page
  const closedBar = b.getByTestId('composer-closed')

  await send(a, 'Office closed on Friday')
  await expect(messageWith(b, 'Office closed on Friday')).toBeVisible()

  const openSettings = async () => {
    await a.getByRole('button', { name: 'Channel settings' }).click()
    const dialog = a.getByRole('dialog', { name: '#general settings' })
    await expect(dialog.getByRole('heading', { name: 'Posting permissions' })).toBeVisible()
    return dialog
  }

  await test.step('Ana makes #general admins only', async () => {
    const settings = await openSettings()
    await settings.getByRole('radio', { name: 'Workspace admins only' }).click()
    await expect(settings.getByText('Saved.')).toBeVisible()
    await expect(
      settings.getByRole('switch', { name: 'Everyone can reply in threads' })
    ).toBeChecked()
    await settings.getByRole('button', { name: 'Close' }).click()
    await expect(settings).toHaveCount(0)
  })

  await test.step('Bo’s composer closes live, saying why', async () => {
    await expect(closedBar).toContainText('Only admins can post in #general.')
    await expect(closedBar).toContainText('You can still reply in threads and add reactions.')
    await expect(composer(b)).toHaveCount(0)
    // Ana, an admin, still has hers.
    await expect(composer(a)).toBeVisible()
  })

  await test.step('Bo reacts to the announcement and replies in its thread', async () => {
    const news = messageWith(b, 'Office closed on Friday')
    await news.hover()
    await news.getByRole('button', { name: 'Add reaction' }).click()
    await b.getByRole('menuitem', { name: '🎉' }).click()
    await expect(news.locator('.reaction')).toHaveCount(1)
    await expect(messageWith(a, 'Office closed on Friday').locator('.reaction')).toHaveCount(1)
    await news.hover()
    await news.getByRole('button', { name: 'Reply in thread' }).click()
    await threadLive(b)
    const box = thread(b).getByRole('combobox', { name: /^Message / })
    // a reply also sent to the channel would be a post there: not offered
    await expect(box).toBeVisible()
    await expect(thread(b).getByRole('checkbox', { name: 'Also send to #general' })).toHaveCount(0)
    await box.fill('Enjoy the long weekend!')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    await expect(
      thread(b).locator('article.message:not(.message-pending)', {
        hasText: 'Enjoy the long weekend!',
      })
    ).toBeVisible()
    await expect(
      messageWith(a, 'Office closed on Friday').getByRole('button', {
        name: '1 reply, open the thread',
      })
    ).toBeVisible()
  })

  await test.step('Ana posts; Bo reads it', async () => {
    await send(a, 'The new coffee machine arrives Monday')
    await expect(messageWith(b, 'The new coffee machine arrives Monday')).toBeVisible()
  })

  await test.step('replies closed too: Bo’s thread composer closes live', async () => {
    const settings = await openSettings()
    await settings.getByRole('switch', { name: 'Everyone can reply in threads' }).click()
    await expect(settings.getByText('Saved.')).toBeVisible()
    await expect(thread(b).getByTestId('composer-closed')).toContainText(
      'Only admins can post or reply in #general.'
    )
    await expect(thread(b).getByRole('combobox', { name: /^Message / })).toHaveCount(0)

    await test.step('and everyone may post again: Bo’s composer is back, without a reload', async () => {
      await settings.getByRole('radio', { name: 'Everyone' }).click()
      await expect(settings.getByRole('switch')).toHaveCount(0)
      // Bo may post again: "Also send to #general" is offered in his thread, live
      await expect(thread(b).getByRole('checkbox', { name: 'Also send to #general' })).toBeVisible()
      await settings.getByRole('button', { name: 'Close' }).click()
      await thread(b).getByRole('button', { name: 'Close thread' }).click()
      await expect(closedBar).toHaveCount(0)
      await waitLive(b)
      await send(b, 'Thanks for the heads-up')
      await expect(messageWith(a, 'Thanks for the heads-up')).toBeVisible()
    })
  })
})
