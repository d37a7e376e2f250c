// Saved-for-later reminders as browser notifications in real Chromium with the permission granted
// (recorded as notifications.spec.ts records them): a reminder set through REST (as another
// device would) a few seconds ahead raises one notification when it comes, which opens the
// message; it is then in the panel's reminders and due in Later; one that comes during a snooze
// shows when the snooze ends.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import {
  clickShown,
  expectShown,
  NOTIFYING_BROWSER,
  recordNotifications,
  shown,
  shownAt,
} from './support/notifications.ts'
import { inOwnWorkspace } from './support/workspace.ts'

// Chunks come from the network, not the service worker's copies (as in notifications.spec.ts).
test.use({ serviceWorkers: 'block', ...NOTIFYING_BROWSER })

/**
 * Saves the message with this text for later, reminding in `seconds`, through REST as the person;
 * returns when the reminder is due, by the page's clock.
 */
async function remindIn(page: Page, text: string, seconds: number): Promise<number> {
  return page.evaluate(
    async ({ text, seconds }) => {
      const config = (await (await fetch('/config.json')).json()) as {
        supabaseUrl: string
        supabaseKey: string
      }
      const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))
      const session = JSON.parse(localStorage.getItem(key!)!) as { access_token: string }
      const headers = {
        apikey: config.supabaseKey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
      }
      const found = await fetch(
        `${config.supabaseUrl}/rest/v1/messages?select=id&body=eq.${encodeURIComponent(text)}`,
        { headers }
      )
      const [message] = (await found.json()) as { id: string }[]
      const remindAt = Date.now() + seconds * 1000
      const saved = await fetch(`${config.supabaseUrl}/rest/v1/rpc/save_message`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          p_message_id: message!.id,
          p_remind_at: new Date(remindAt).toISOString(),
        }),
      })
      if (!saved.ok) throw new Error(`save_message: ${saved.status} ${await saved.text()}`)
      return remindAt
    },
    { text, seconds }
  )
}

test('a saved reminder raises one notification when it comes, held by a snooze', async ({
  browser,
}) => {
  const pete = await actor(browser, 'Pete')
  await recordNotifications(pete)
  await inOwnWorkspace(pete, `Remind ${Date.now().toString(36)}`)
  const p = pete.page
  await waitLive(p)
  await send(p, 'Call the printer back')
  await send(p, 'Water the plants')

  await test.step('a reminder 4 s ahead, set elsewhere, raises exactly one notification', async () => {
    await p.getByRole('link', { name: 'Later', exact: true }).click()
    const dueAt = await remindIn(p, 'Call the printer back', 4)
    await expectShown(p, 'Call the printer back')
    // Not before it came due (shown by the page's own clock, the one the reminder was set by).
    const [first] = await shownAt(p)
    expect(first!.at).toBeGreaterThanOrEqual(dueAt)
    expect(await shown(p)).toEqual([{ title: 'Reminder · general', body: 'Call the printer back' }])
    await expect(p.getByRole('link', { name: 'Later, 1 due' })).toBeVisible()
  })

  await test.step('clicking it opens the message; the panel lists the reminder', async () => {
    await clickShown(p, 'Call the printer back')
    await expect(p).toHaveURL(/\/c\/[0-9a-f-]+\/m\/[0-9a-f-]+$/)
    await expect(messageWith(p, 'Call the printer back')).toBeVisible()
    await p.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = p.getByRole('dialog', { name: 'Preferences' })
    await expect(panel.getByRole('region', { name: 'Reminders' })).toContainText(
      'Call the printer back'
    )
  })

  await test.step('a reminder during a snooze shows once the snooze ends', async () => {
    const panel = p.getByRole('dialog', { name: 'Preferences' })
    await panel.getByRole('button', { name: 'Snooze 1 hour' }).click()
    await expect(panel.getByText(/^Snoozed until/)).toBeVisible()
    await remindIn(p, 'Water the plants', 2)
    // The panel lists a reminder once it is due.
    await expect(panel.getByRole('region', { name: 'Reminders' })).toContainText(
      'Water the plants',
      { timeout: 20_000 }
    )
    const snoozeEnded = await p.evaluate(() => Date.now())
    await panel.getByRole('button', { name: 'End snooze' }).click()
    await expectShown(p, 'Water the plants')
    // Held until the snooze ended, then shown once; the first reminder never a second time.
    const water = (await shownAt(p)).find((n) => n.body === 'Water the plants')
    expect(water!.at).toBeGreaterThanOrEqual(snoozeEnded)
    expect(await shown(p)).toEqual([
      { title: 'Reminder · general', body: 'Call the printer back' },
      { title: 'Reminder · general', body: 'Water the plants' },
    ])
  })
})
