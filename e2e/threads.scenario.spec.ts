// Threads end to end, two people in separate contexts against the real stack: replies live both
// ways with the parent's summary, one goes offline while the other replies and finds every reply
// once, in order, when back; the Threads view shows unread replies and clears them once read;
// editing and deleting replies update the summary (a deleted reply goes), and a deleted parent
// keeps its thread. A reply written in the Threads view's card reaches the other person live, and
// theirs reaches the card live.
import { expect, test } from './support/test.ts'
import type { Locator, Page } from '@playwright/test'
import { actor, answerConfirm, messageWith, send } from './support/actors.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

async function reply(page: Page, text: string): Promise<void> {
  const box = thread(page).getByRole('combobox', { name: /^Message / })
  await box.fill(text)
  await expect(box).toHaveValue(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
  await expect(
    thread(page).locator('article.message .message-body', { hasText: text })
  ).toBeVisible()
}

/** The confirmed replies in the open thread, in order (the parent is not in the list). */
function replyTexts(page: Page): Locator {
  return thread(page).locator('[role="feed"] article.message:not(.message-pending) .message-body')
}

test(
  'two people reply in a thread live, one comes back from offline to every reply, and the Threads view clears',
  { tag: '@core' },
  async ({ browser }) => {
    // Two people, eight replies, an offline stretch and the Threads view: 60-110 s on 2 cores.
    test.setTimeout(180_000)
    const alice = await actor(browser, 'Alice')
    const bob = await actor(browser, 'Bob')
    await twoInGeneral(alice, bob, `Demo ${Date.now().toString(36)}`)
    await send(alice.page, 'Who runs the Friday demo?')

    await test.step('reply live both ways, the parent showing the thread', async () => {
      const parent = messageWith(alice.page, 'Who runs the Friday demo?')
      await parent.hover()
      await parent.getByRole('button', { name: 'Reply in thread' }).click()
      await threadLive(alice.page)
      await reply(alice.page, 'I can, if nobody else wants to')

      // Bob sees the summary live and opens the thread with `t` on the focused message.
      const onBob = messageWith(bob.page, 'Who runs the Friday demo?')
      await expect(onBob.getByRole('button', { name: '1 reply, open the thread' })).toBeVisible()
      await onBob.focus()
      await onBob.press('t')
      await threadLive(bob.page)
      await expect(replyTexts(bob.page)).toHaveText(['I can, if nobody else wants to'])
      await reply(bob.page, 'Go for it, I will do the notes')
      await expect(replyTexts(alice.page)).toHaveText([
        'I can, if nobody else wants to',
        'Go for it, I will do the notes',
      ])
      await expect(
        messageWith(alice.page, 'Who runs the Friday demo?').getByRole('button', {
          name: '2 replies, open the thread',
        })
      ).toBeVisible()
      // Replies stay in their thread: the channel shows only the parent.
      const channelBodies = (page: Page) =>
        page.locator('.channel-view > .message-list-wrap article.message .message-body')
      await expect(channelBodies(alice.page)).toHaveText(['Who runs the Friday demo?'])

      // Unless also sent to the channel: then both see it there too, marked as a thread reply.
      await thread(bob.page).getByRole('checkbox', { name: 'Also send to #general' }).check()
      await reply(bob.page, 'Demo is at 4, everyone welcome')
      await expect(channelBodies(alice.page)).toHaveText([
        'Who runs the Friday demo?',
        'Demo is at 4, everyone welcome',
      ])
      await expect(channelBodies(bob.page).last()).toHaveText('Demo is at 4, everyone welcome')
      await expect(
        messageWith(alice.page, 'Demo is at 4').getByRole('button', { name: 'replied in a thread' })
      ).toBeVisible()
      await thread(bob.page).getByRole('checkbox', { name: 'Also send to #general' }).uncheck()
    })

    await test.step('Bob goes offline while Alice replies; back, he has every reply once, in order', async () => {
      await bob.context.setOffline(true)
      await expect(thread(bob.page)).toHaveAttribute('data-status', 'offline')
      await reply(alice.page, 'Slides are in the drive')
      await reply(alice.page, 'Dry run at 3')
      await reply(bob.page, 'Written offline')
      await expect(thread(bob.page).locator('article.message-pending')).toHaveCount(1)
      await expect(thread(alice.page).locator('article.message-pending')).toHaveCount(0)
      await bob.context.setOffline(false)
      await threadLive(bob.page)
      await expect(thread(bob.page).locator('article.message-pending')).toHaveCount(0)
      const expected = [
        'I can, if nobody else wants to',
        'Go for it, I will do the notes',
        'Demo is at 4, everyone welcome',
        'Slides are in the drive',
        'Dry run at 3',
        'Written offline',
      ]
      await expect(replyTexts(bob.page)).toHaveText(expected)
      await expect(replyTexts(alice.page)).toHaveText(expected)
    })

    await test.step('the Threads view shows unread replies first and clears them once read', async () => {
      await thread(bob.page).getByRole('button', { name: 'Close thread' }).click()
      await expect(thread(bob.page)).toHaveCount(0)
      await reply(alice.page, 'One more thing: bring the adapter')
      await reply(alice.page, 'And the clicker')

      const link = bob.page.getByRole('link', { name: /^Threads/ })
      await expect(link).toHaveAccessibleName('Threads, 2 unread', { timeout: 30_000 })
      await link.click()
      const view = bob.page.getByRole('region', { name: 'Threads' })
      await expect(view.getByRole('heading', { level: 1 })).toHaveCount(0)
      const card = view.getByRole('article', { name: 'Thread in #general' })
      // The parent, its latest three replies, the rest a click away; the unread ones counted.
      await expect(card).toContainText('Who runs the Friday demo?')
      await expect(card.getByText('2 new replies')).toBeVisible()
      await expect(
        card.getByRole('list', { name: 'Latest replies' }).getByRole('listitem')
      ).toHaveCount(3)
      await expect(card.getByRole('listitem').last()).toContainText('And the clicker')
      await expect(card.getByRole('button', { name: '5 more replies' })).toBeVisible()
      await card.getByRole('button', { name: 'Open thread' }).click()
      await threadLive(bob.page)
      await expect(bob.page.locator('.new-marker', { hasText: 'New replies' })).toBeVisible()
      await expect(replyTexts(bob.page).last()).toHaveText('And the clicker')
      await expect(link).toHaveAccessibleName('Threads', { timeout: 30_000 })
      await link.click()
      await expect(card).toBeVisible()
      await expect(card.getByText(/new repl/)).toHaveCount(0)
    })

    await test.step('editing and deleting replies update the summary; a deleted parent keeps its thread', async () => {
      const channelParent = (page: Page) =>
        page.locator('.channel-view > .message-list-wrap article.message').first()
      // Bob back in the thread, from the Threads view.
      await bob.page
        .getByRole('region', { name: 'Threads' })
        .getByRole('article', { name: 'Thread in #general' })
        .getByRole('button', { name: 'Open thread' })
        .click()
      await threadLive(bob.page)
      for (const page of [alice.page, bob.page]) {
        await expect(channelParent(page)).toContainText('Who runs the Friday demo?')
      }

      // An edited reply reaches the other side; the summary does not change.
      const dryRun = thread(alice.page).locator('article.message', { hasText: 'Dry run at 3' })
      await dryRun.hover()
      await dryRun.getByRole('button', { name: 'Edit message' }).click()
      const edit = thread(alice.page).getByRole('combobox', { name: 'Edit message' })
      await edit.fill('Dry run at 3:30')
      await edit.press('Enter')
      await expect(edit).toHaveCount(0)
      await expect(replyTexts(bob.page).nth(4)).toContainText('Dry run at 3:30')
      await expect(
        channelParent(alice.page).getByRole('button', { name: '8 replies, open the thread' })
      ).toBeVisible()

      // A deleted reply (it has no replies of its own) goes from the thread, as in Slack, and the
      // count goes down for both.
      const offline = thread(bob.page).locator('article.message', { hasText: 'Written offline' })
      await offline.hover()
      await offline.getByRole('button', { name: 'Delete message' }).click()
      await answerConfirm(bob.page, 'Delete')
      for (const page of [alice.page, bob.page]) {
        await expect(
          channelParent(page).getByRole('button', { name: '7 replies, open the thread' })
        ).toBeVisible()
        await expect(
          thread(page).locator('article.message', { hasText: 'Written offline' })
        ).toHaveCount(0)
        await expect(thread(page).getByText('This message was deleted.')).toHaveCount(0)
      }

      // The parent deleted: "This message was deleted." in the channel, with its thread.
      await channelParent(alice.page).hover()
      await channelParent(alice.page).getByRole('button', { name: 'Delete message' }).click()
      await answerConfirm(alice.page, 'Delete')
      await thread(bob.page).getByRole('button', { name: 'Close thread' }).click()
      const tombstone = channelParent(bob.page)
      await expect(tombstone).toHaveClass(/message-deleted/)
      await expect(tombstone).toContainText('This message was deleted.')
      await tombstone.getByRole('button', { name: '7 replies, open the thread' }).click()
      await threadLive(bob.page)
      await expect(replyTexts(bob.page)).toHaveCount(7)
      await expect(replyTexts(bob.page).first()).toHaveText('I can, if nobody else wants to')
      await expect(replyTexts(bob.page).last()).toHaveText('And the clicker')
    })

    await alice.context.close()
    await bob.context.close()
  }
)

test('a reply from the Threads view reaches the other person live, and theirs reaches it', async ({
  browser,
}) => {
  const alice = await actor(browser, 'Alice')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(alice, bob, `Lunch ${Date.now().toString(36)}`)
  await send(alice.page, 'Lunch on Friday?')
  // Bob answers in the thread, which Alice then follows (it is her message's).
  const parent = messageWith(bob.page, 'Lunch on Friday?')
  await parent.hover()
  await parent.getByRole('button', { name: 'Reply in thread' }).click()
  await threadLive(bob.page)
  await reply(bob.page, 'Count me in')

  await alice.page.getByRole('link', { name: /^Threads/ }).click()
  const card = alice.page
    .getByRole('region', { name: 'Threads' })
    .getByRole('article', { name: 'Thread in #general' })
  await expect(card).toContainText('Lunch on Friday?')
  await expect(card.getByRole('list', { name: 'Latest replies' })).toContainText('Count me in')

  await test.step('Alice replies in the card; Bob sees it in his thread at once', async () => {
    // The thread panel's composer: mentions of the channel's people, formatting, files.
    const box = card.getByRole('combobox', { name: 'Reply in thread in #general' })
    await box.fill('Great: 12:30 at the usual place, @Bo')
    await alice.page.getByRole('option', { name: /^Bob/ }).click()
    await expect(box).toHaveValue(/^Great: 12:30 at the usual place, @Bob \S+ $/)
    await box.press('Enter')
    await expect(box).toHaveValue('')
    const latest = card.getByRole('list', { name: 'Latest replies' })
    await expect(latest).toContainText('Great: 12:30 at the usual place')
    // The mention is one: a mention of Bob, shown as his name, on both sides.
    await expect(latest.locator('.mention', { hasText: /^@Bob/ })).toBeVisible()
    await expect(replyTexts(bob.page)).toHaveText([
      'Count me in',
      /^Great: 12:30 at the usual place, @Bob \S+$/,
    ])
    await expect(thread(bob.page).locator('.mention-me')).toBeVisible()
  })

  await test.step("Bob's next reply comes to Alice's card live, marked new", async () => {
    await reply(bob.page, 'See you there')
    const latest = card.getByRole('list', { name: 'Latest replies' }).getByRole('listitem')
    await expect(latest.last()).toContainText('See you there')
    await expect(latest.last()).toHaveClass(/thread-card-new/)
    await expect(latest).toHaveCount(3)
  })

  await alice.context.close()
  await bob.context.close()
})
