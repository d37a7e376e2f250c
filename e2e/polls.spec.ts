// Polls (issue 71, item 5) under `serve`, in two browsers: Ana types "/poll Lunch? | Pizza |
// Sushi | Salad" and the poll is a message in #general for both; Bo votes and Ana sees his vote
// and his name live, then Bo changes his mind; Ana opens the dialog with "/poll" and a question,
// makes an anonymous poll of many choices, which shows counts and no names; Ana closes the first
// poll and both see its final results, no longer votable. Then the composer's "Create a poll"
// button makes one in #general, which has no Edit (hover bar, More actions, the e key); in a
// thread the button and /poll make polls there, voted on live by both in the thread pane and
// from the Threads view.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, composer, messageWith, send, waitLive } from './support/actors.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'

function pollCard(page: Page | Locator, question: string): Locator {
  return page.getByRole('region', { name: `Poll: ${question}` })
}

const option = (card: Locator, label: string) =>
  card.locator('.poll-option').filter({ hasText: label })

test('a poll made with /poll is voted on live in two browsers, and closed by its author', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Polls ${Date.now().toString(36)}`)
  const a = ana.page
  const b = bo.page
  await waitLive(a)
  await waitLive(b)

  await test.step('Ana makes a poll by typing /poll', async () => {
    const box = composer(a)
    await box.fill('/po')
    await expect(a.getByRole('listbox', { name: 'Commands' }).getByRole('option')).toHaveText([
      /^\/poll \[question\] \| \[option\] \| \[option\]/,
    ])
    await box.fill('/poll Lunch? | Pizza | Sushi | Salad')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    for (const page of [a, b]) {
      const card = pollCard(page, 'Lunch?')
      await expect(card).toBeVisible()
      await expect(card.getByRole('radio')).toHaveText([/Pizza/, /Sushi/, /Salad/])
      await expect(card).toContainText('0 people voted')
      // the card stands for the message's text, which says the same in words
      await expect(page.locator('.message-body', { hasText: '📊 Poll: Lunch?' })).toBeHidden()
    }
  })

  await test.step('Bo votes; Ana sees his vote and his name live', async () => {
    await pollCard(b, 'Lunch?').getByRole('radio', { name: /Pizza/ }).click()
    await expect(pollCard(b, 'Lunch?').getByRole('radio', { name: /Pizza/ })).toBeChecked()
    const card = pollCard(a, 'Lunch?')
    await expect(card).toContainText('1 person voted')
    await expect(option(card, 'Pizza')).toContainText('100% · 1 vote')
    await expect(card.locator('.poll-voters')).toHaveText([bo.name])
    await expect(card.getByRole('radio', { name: /Pizza/ })).not.toBeChecked()
  })

  await test.step('Ana votes too, and Bo changes his mind', async () => {
    await pollCard(a, 'Lunch?').getByRole('radio', { name: /Sushi/ }).click()
    await expect(pollCard(b, 'Lunch?')).toContainText('2 people voted')
    await pollCard(b, 'Lunch?').getByRole('radio', { name: /Sushi/ }).click()
    const card = pollCard(a, 'Lunch?')
    await expect(option(card, 'Sushi')).toContainText('100% · 2 votes')
    await expect(option(card, 'Pizza')).toContainText('0% · 0 votes')
    await expect(card.locator('.poll-voters')).toHaveText([`${ana.name} and ${bo.name}`])
  })

  await test.step('"/poll" with a question opens the dialog: an anonymous poll of many choices', async () => {
    const box = composer(a)
    await box.fill('/poll Where shall we meet?')
    await box.press('Enter')
    const dialog = a.getByRole('dialog', { name: 'Create a poll' })
    await expect(dialog.getByLabel('Question')).toHaveValue('Where shall we meet?')
    await dialog.getByLabel('Option 1', { exact: true }).fill('Berlin')
    await dialog.getByLabel('Option 2', { exact: true }).fill('Lisbon')
    await dialog.getByLabel('Option 3', { exact: true }).fill('Kyoto')
    await dialog.getByRole('button', { name: 'Add an option' }).click()
    await dialog.getByLabel('Option 4', { exact: true }).fill('kyoto')
    await dialog.getByRole('button', { name: 'Post poll in #general' }).click()
    await expect(dialog.getByText('Each option must be different.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Remove option 4' }).click()
    await dialog.getByRole('switch', { name: 'Allow more than one choice' }).click()
    await dialog.getByRole('switch', { name: 'Anonymous votes' }).click()
    await dialog.getByRole('button', { name: 'Post poll in #general' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(box).toHaveValue('')

    const card = pollCard(b, 'Where shall we meet?')
    await expect(card).toContainText('Anonymous')
    await card.getByRole('checkbox', { name: /Berlin/ }).click()
    await card.getByRole('checkbox', { name: /Kyoto/ }).click()
    await expect(card.getByRole('checkbox', { name: /Kyoto/ })).toBeChecked()
    const seen = pollCard(a, 'Where shall we meet?')
    await expect(option(seen, 'Kyoto')).toContainText('1 vote')
    await expect(option(seen, 'Berlin')).toContainText('1 vote')
    await expect(seen).toContainText('1 person voted')
    await expect(seen.locator('.poll-voters')).toHaveCount(0)
  })

  await test.step('Ana closes the first poll; both see the final results', async () => {
    await pollCard(b, 'Lunch?').scrollIntoViewIfNeeded()
    await expect(pollCard(b, 'Lunch?').getByRole('button', { name: 'Close poll' })).toHaveCount(0)
    await pollCard(a, 'Lunch?').getByRole('button', { name: 'Close poll' }).click()
    await answerConfirm(a, 'Close poll')
    for (const page of [a, b]) {
      const card = pollCard(page, 'Lunch?')
      await expect(card).toContainText('Poll · Final results')
      await expect(card.getByRole('radio')).toHaveCount(0)
      await expect(option(card, 'Sushi')).toContainText('100% · 2 votes')
    }
  })
})

test('the composer’s button makes polls, in a thread too, voted on live; a poll has no Edit', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const bo = await actor(browser, 'Bo')
  await twoInGeneral(ana, bo, `Thread polls ${Date.now().toString(36)}`)
  const a = ana.page
  const b = bo.page
  await waitLive(a)
  await waitLive(b)

  const fillPoll = async (page: Page, question: string, options: string[], post: string) => {
    const dialog = page.getByRole('dialog', { name: 'Create a poll' })
    await dialog.getByLabel('Question').fill(question)
    for (const [i, label] of options.entries())
      await dialog.getByLabel(`Option ${i + 1}`, { exact: true }).fill(label)
    await dialog.getByRole('button', { name: post }).click()
    await expect(dialog).toHaveCount(0)
  }

  await test.step('the composer’s “Create a poll” posts one in #general', async () => {
    await send(a, 'Offsite ideas below')
    await a.locator('form.composer').getByRole('button', { name: 'Create a poll' }).click()
    await fillPoll(a, 'Team offsite?', ['Lisbon', 'Oslo'], 'Post poll in #general')
    await expect(pollCard(b, 'Team offsite?')).toBeVisible()
    await expect(composer(a)).toBeFocused()
  })

  await test.step('a poll has no Edit: not on its hover bar, in More actions, nor by the e key', async () => {
    const row = a.locator('article.message', { has: pollCard(a, 'Team offsite?') })
    await row.hover()
    await expect(row.getByRole('button', { name: 'Delete message' })).toBeVisible()
    await expect(row.getByRole('button', { name: 'Edit message' })).toHaveCount(0)
    await row.getByRole('button', { name: 'More actions' }).click()
    const menu = a.getByRole('menu')
    await expect(menu.getByRole('menuitem', { name: 'Copy link' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Edit message' })).toHaveCount(0)
    await a.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await row.focus()
    await a.keyboard.press('e')
    await expect(a.getByRole('combobox', { name: 'Edit message' })).toHaveCount(0)
    // Up in the empty composer edits my last message whose text may be edited: not the poll
    await composer(a).focus()
    await a.keyboard.press('ArrowUp')
    const edit = a.getByRole('combobox', { name: 'Edit message' })
    await expect(edit).toHaveValue('Offsite ideas below')
    await edit.press('Escape')
    await expect(edit).toHaveCount(0)
  })

  await test.step('in a thread: the button and /poll make polls there, voted on live by both', async () => {
    await send(a, 'Friday plans')
    const parent = messageWith(a, 'Friday plans')
    await parent.hover()
    await parent.getByRole('button', { name: 'Reply in thread' }).click()
    await threadLive(a)
    await thread(a).getByRole('button', { name: 'Create a poll' }).click()
    await fillPoll(a, 'Where to?', ['Park', 'Beach'], 'Post poll in thread')
    await expect(pollCard(thread(a), 'Where to?')).toBeVisible()

    await messageWith(b, 'Friday plans')
      .getByRole('button', { name: '1 reply, open the thread' })
      .click()
    await threadLive(b)
    await pollCard(thread(b), 'Where to?').getByRole('radio', { name: /Beach/ }).click()
    await expect(option(pollCard(thread(a), 'Where to?'), 'Beach')).toContainText('100% · 1 vote')
    await expect(pollCard(thread(a), 'Where to?').locator('.poll-voters')).toHaveText([bo.name])
    await pollCard(thread(a), 'Where to?').getByRole('radio', { name: /Park/ }).click()
    await expect(pollCard(thread(b), 'Where to?')).toContainText('2 people voted')
    // the thread's poll is no row of the channel's list
    await expect(pollCard(b, 'Where to?')).toHaveCount(1)

    const box = thread(a).getByRole('combobox', { name: /^Message / })
    // the commands' list says their chunk is in (Enter runs the command once it is)
    await box.fill('/po')
    await expect(a.getByRole('listbox', { name: 'Commands' })).toBeVisible()
    await box.fill('/poll Snacks? | Chips | Fruit')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    await pollCard(thread(b), 'Snacks?').getByRole('radio', { name: /Fruit/ }).click()
    await expect(option(pollCard(thread(a), 'Snacks?'), 'Fruit')).toContainText('1 vote')
    await expect(
      messageWith(a, 'Friday plans').getByRole('button', { name: '2 replies, open the thread' })
    ).toBeVisible()
  })

  await test.step('the Threads view shows the thread’s polls as cards, voted on live', async () => {
    await a.getByRole('link', { name: /^Threads/ }).click()
    const card = a.getByRole('article', { name: 'Thread in #general' })
    const snacks = pollCard(card, 'Snacks?')
    await expect(snacks).toBeVisible()
    await expect(card.locator('.thread-card-body', { hasText: '📊 Poll: Snacks?' })).toHaveCount(0)
    await snacks.getByRole('radio', { name: /Chips/ }).click()
    await expect(pollCard(thread(b), 'Snacks?')).toContainText('2 people voted')
  })
})
