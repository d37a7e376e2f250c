// Many messages at once, through REST as the person signed in on the page (inserts of BATCH rows:
// RLS applies, as for anything they send, and so does the statement timeout of the
// authenticated role, 8 s, which 3,000 rows in one insert can pass on a loaded machine).
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

const BATCH = 500

export async function bulkSend(page: Page, channelId: string, bodies: string[]): Promise<void> {
  for (let at = 0; at < bodies.length; at += BATCH)
    await insertBatch(page, channelId, bodies.slice(at, at + BATCH))
}

async function insertBatch(page: Page, channelId: string, bodies: string[]): Promise<void> {
  const { status, text } = await page.evaluate(
    async ({ channelId, bodies }) => {
      const config = (await (await fetch('/config.json')).json()) as {
        supabaseUrl: string
        supabaseKey: string
      }
      const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))
      const session = JSON.parse(localStorage.getItem(key!)!) as {
        access_token: string
        user: { id: string }
      }
      const rows = bodies.map((body) => ({
        id: crypto.randomUUID(),
        channel_id: channelId,
        author_id: session.user.id,
        body,
      }))
      const response = await fetch(`${config.supabaseUrl}/rest/v1/messages`, {
        method: 'POST',
        headers: {
          apikey: config.supabaseKey,
          authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/json',
          prefer: 'return=minimal',
        },
        body: JSON.stringify(rows),
      })
      return { status: response.status, text: response.ok ? '' : await response.text() }
    },
    { channelId, bodies }
  )
  expect(status, text).toBe(201)
}
