// Bots end to end: the owner creates a bot in Settings → Integrations (workspace menu), copies
// its token, shown once, and adds it to #general; the test calls Slack's Web API with that token
// over real HTTP (Playwright's `request`), as an existing Slack bot would: chat.postMessage shows
// live for the other person with the BOT marker, conversations.history finds that person's
// message, the bot replies in its thread (thread_ts) and reacts to it (reactions.add), both live.
// The members panel marks the bot too. Revoked in the list, the next call is refused with
// Slack's answer (`token_revoked`) and nothing more shows.
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, messageWith, send } from './support/actors.ts'
import { apiUrl } from './support/env.ts'
import { thread, threadLive } from './support/thread.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

interface SlackAnswer {
  ok: boolean
  error?: string
  ts?: string
  messages?: { ts: string; text: string; user: string }[]
}

test('an admin makes a bot and adds it to #general; it posts, replies in a thread and reacts live; revoked, it is refused', async ({
  browser,
  request,
}) => {
  // Two sign-ups, then steps each waiting on the other browser: as the other two-person
  // scenarios (threads, integrations), more than the default two minutes.
  test.setTimeout(180_000)
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Bots ${Date.now().toString(36)}`)
  await send(ben.page, 'Can someone deploy v2?')

  const dialog = ana.page.getByRole('dialog', { name: 'Integrations' })
  const item = dialog.getByRole('listitem', { name: 'Deploy Bot' })
  const openIntegrations = async () => {
    await ana.page.getByRole('button', { name: 'Workspace menu' }).click()
    await ana.page.getByRole('menuitem', { name: 'Integrations' }).click()
  }

  const { token, channel } =
    await test.step('Ana creates a bot, copies its token and adds it to #general', async () => {
      await openIntegrations()
      await expect(dialog.getByText('No bots yet.')).toBeVisible()
      await dialog.getByLabel('Bot', { exact: true }).fill('Deploy Bot')
      await dialog.getByRole('button', { name: 'Create bot' }).click()
      const input = dialog.getByLabel('Bot token')
      await expect(input).toHaveValue(/^xoxb-[0-9a-f]{64}$/)
      await expect(dialog.getByText('it is not shown again')).toBeVisible()
      await expect(item).toContainText(`Created by ${ana.name}`)
      await expect(item).toContainText('never used')
      await expect(item).toContainText('In no channel yet.')
      await choose(item.getByRole('combobox', { name: 'Channel to add Deploy Bot to' }), '#general')
      await item.getByRole('button', { name: 'Add' }).click()
      const general = item.getByRole('listitem').filter({ hasText: '#general' })
      await expect(general.locator('code')).toHaveText(/^[0-9a-f-]{36}$/)
      return {
        token: await input.inputValue(),
        channel: (await general.locator('code').textContent())!,
      }
    })

  const call = async (method: string, data: Record<string, unknown>, auth = token) => {
    const answer = await request.post(`${apiUrl()}/functions/v1/slack-api/${method}`, {
      headers: { Authorization: `Bearer ${auth}` },
      data,
    })
    expect(answer.status()).toBe(200)
    return (await answer.json()) as SlackAnswer
  }

  await test.step('chat.postMessage over real HTTP shows live for Ben, marked BOT', async () => {
    const answer = await call('chat.postMessage', { channel, text: 'Deploying *v2* now' })
    expect(answer).toMatchObject({ ok: true, ts: expect.stringMatching(/^\d+\.\d{6}$/) })
    const message = messageWith(ben.page, 'Deploying v2 now')
    await expect(message).toBeVisible()
    await expect(message.locator('.bot-marker')).toHaveText(/BOT/)
    await expect(message.locator('.message-author')).toHaveText('Deploy Bot')
    await expect(message.locator('.message-body strong')).toHaveText('v2')
    // A person's message carries no such marker.
    await expect(
      messageWith(ben.page, 'Can someone deploy v2?').locator('.bot-marker')
    ).toHaveCount(0)
  })

  await test.step("the bot replies in the thread of Ben's message and reacts to it, live", async () => {
    const history = await call('conversations.history', { channel, limit: 10 })
    const question = history.messages!.find((m) => m.text === 'Can someone deploy v2?')!
    expect(question).toBeTruthy()
    const reply = await call('chat.postMessage', {
      channel,
      text: 'Done: v2 is live',
      thread_ts: question.ts,
    })
    expect(reply.ok).toBe(true)
    expect(
      await call('reactions.add', { channel, timestamp: question.ts, name: 'rocket' })
    ).toEqual({
      ok: true,
    })
    const onBen = messageWith(ben.page, 'Can someone deploy v2?')
    await expect(
      onBen.getByRole('group', { name: 'Reactions' }).locator('img[alt="🚀"]')
    ).toBeVisible()
    await onBen.getByRole('button', { name: '1 reply, open the thread' }).click()
    await threadLive(ben.page)
    const replyOnBen = thread(ben.page)
      .locator('[role="feed"] article.message')
      .filter({ has: ben.page.locator('.message-body', { hasText: 'Done: v2 is live' }) })
    await expect(replyOnBen).toBeVisible()
    await expect(replyOnBen.locator('.bot-marker')).toHaveText(/BOT/)
  })

  await test.step('the members panel marks the bot', async () => {
    await ben.page.getByRole('button', { name: 'Show members' }).click()
    const panel = ben.page.getByRole('complementary', { name: 'Channel members' })
    await expect(panel.getByRole('listitem').filter({ hasText: 'Deploy Bot' })).toContainText('BOT')
    await expect(panel.getByRole('listitem').filter({ hasText: ben.name })).not.toContainText('BOT')
  })

  await test.step('revoked in the list, the next call is refused and nothing more shows', async () => {
    await dialog.getByRole('button', { name: 'Close' }).click()
    await openIntegrations()
    await expect(dialog.getByLabel('Bot token')).toHaveCount(0)
    await expect(item).toContainText('last used')
    await item.getByRole('button', { name: 'Revoke' }).click()
    await answerConfirm(ana.page, 'Revoke')
    await expect(item).toContainText('revoked')
    expect(await call('chat.postMessage', { channel, text: 'after the revoke' })).toEqual({
      ok: false,
      error: 'token_revoked',
    })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await send(ana.page, 'the bot is retired')
    await expect(messageWith(ben.page, 'the bot is retired')).toBeVisible()
    await expect(messageWith(ben.page, 'after the revoke')).toHaveCount(0)
  })
})
