// Slack-compatible incoming webhooks end to end: the owner creates a webhook for #general in
// Settings → Integrations (workspace menu) and copies its URL, shown once; the test POSTs a
// payload in the shape of Slack's documentation (text, blocks and attachments) to that URL with a
// real HTTP request, as an existing Slack integration would; the other person sees it live in
// #general under the integration's name with the APP badge, rendered as text (no HTML). The
// list shows it as used; after Revoke the next POST is refused with Slack's answer (404
// no_service) and nothing more shows.
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, messageWith, send } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

// After Slack's "Creating rich message layouts" / incoming webhooks examples.
const SLACK_PAYLOAD = {
  text: 'Danny Torrence left a 1 star review for your property.',
  username: 'Reviews Bot',
  icon_emoji: ':star:',
  blocks: [
    { type: 'header', text: { type: 'plain_text', text: 'New review' } },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: 'Danny Torrence left the following review for your property:',
      },
    },
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text:
          '<https://example.com|Overlook Hotel> \n :star: \n Doors had too many axe holes, ' +
          'guest in room 237 was *far* too rowdy, whole place felt stuck in the 1920s.',
      },
    },
    { type: 'divider' },
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: 'Submitted via <https://example.com/reviews|Reviews>' }],
    },
  ],
  attachments: [
    {
      fallback: 'Required plain-text summary of the attachment.',
      color: '#36a64f',
      pretext: 'Optional text that appears above the attachment block',
      author_name: 'Bobby Tables',
      title: 'Slack API Documentation',
      title_link: 'https://api.slack.com/',
      text: 'Optional text that appears within the attachment &lt;b&gt;not bold&lt;/b&gt;',
      fields: [{ title: 'Priority', value: 'High', short: false }],
      footer: 'Slack API',
    },
  ],
}

test('an admin makes a webhook; a Slack payload POSTed to it shows live as an app; revoked, it is refused', async ({
  browser,
  request,
}) => {
  // Two sign-ups confirmed by email, then three steps, each waiting on the other browser: as the
  // other two-person scenarios (threads, thread actions), more than the default two minutes.
  test.setTimeout(180_000)
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Hooks ${Date.now().toString(36)}`)
  await send(ben.page, 'waiting for reviews')

  const dialog = ana.page.getByRole('dialog', { name: 'Integrations' })
  const url = await test.step('Ana creates a webhook for #general and copies its URL', async () => {
    await ana.page.getByRole('button', { name: 'Workspace menu' }).click()
    await ana.page.getByRole('menuitem', { name: 'Integrations' }).click()
    await expect(dialog.getByText('None yet.')).toBeVisible()
    await choose(dialog.getByRole('combobox', { name: 'Posts to' }), '#general')
    await dialog.getByLabel('Name').fill('Reviews')
    await dialog.getByLabel('Icon (emoji shortcode, optional)').fill(':star:')
    await dialog.getByRole('button', { name: 'Create webhook' }).click()
    const input = dialog.getByLabel('Webhook URL')
    await expect(input).toHaveValue(/\/functions\/v1\/webhooks\/[0-9a-f-]{36}\/[\w-]{64}$/)
    await expect(dialog.getByText('it is not shown again')).toBeVisible()
    const item = dialog.getByRole('listitem', { name: 'Reviews' })
    await expect(item).toContainText('#general')
    await expect(item).toContainText(`Created by ${ana.name}`)
    await expect(item).toContainText('never used')
    return input.inputValue()
  })

  await test.step('a real POST of the payload is answered ok and shows live for Ben, as an app', async () => {
    const answer = await request.post(url, { data: SLACK_PAYLOAD })
    expect(answer.status()).toBe(200)
    expect(await answer.text()).toBe('ok')
    const message = messageWith(ben.page, 'Danny Torrence left the following review')
    await expect(message).toBeVisible()
    await expect(message.locator('.app-marker')).toHaveText(/APP · via Reviews/)
    await expect(message.locator('.message-author')).toHaveText('Reviews Bot')
    await expect(message.getByRole('link', { name: 'Overlook Hotel' })).toHaveAttribute(
      'href',
      'https://example.com/'
    )
    await expect(message.getByRole('link', { name: 'Slack API Documentation' })).toBeVisible()
    await expect(message).toContainText('New review')
    await expect(message).toContainText('Priority')
    // Slack's escaped HTML is shown as the text it is, never as markup.
    await expect(message).toContainText('<b>not bold</b>')
    await expect(message.locator('.message-body b')).toHaveCount(0)
    // Ana (who made it) sees it too, also as the app's.
    await expect(
      messageWith(ana.page, 'Danny Torrence left the following review').locator('.app-marker')
    ).toBeVisible()
  })

  await test.step('revoked in the list, the next POST is refused as Slack refuses it', async () => {
    // Opened again, the list shows the webhook used.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await ana.page.getByRole('button', { name: 'Workspace menu' }).click()
    await ana.page.getByRole('menuitem', { name: 'Integrations' }).click()
    await expect(dialog.getByLabel('Webhook URL')).toHaveCount(0)
    const item = dialog.getByRole('listitem', { name: 'Reviews' })
    await expect(item).toContainText('last used')
    await item.getByRole('button', { name: 'Revoke' }).click()
    await answerConfirm(ana.page, 'Revoke')
    await expect(item).toContainText('revoked')
    const answer = await request.post(url, { data: { text: 'after the revoke' } })
    expect(answer.status()).toBe(404)
    expect(await answer.text()).toBe('no_service')
    // Ana's next message reaches Ben, and the refused one never did.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await send(ana.page, 'the revoke is done')
    await expect(messageWith(ben.page, 'the revoke is done')).toBeVisible()
    await expect(messageWith(ben.page, 'after the revoke')).toHaveCount(0)
  })
})
