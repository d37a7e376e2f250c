// The local stack's mail catcher, read through its Mailpit-shaped JSON API at /api/v1 on the
// inbox's own port (never the API port).
import { expect } from '@playwright/test'
import { inboxUrl } from './env.ts'

interface Summary {
  ID: string
  Subject: string
  To: { Address: string }[]
  Created: string
}

/** Waits for the newest email to `to` whose subject matches (not the one with ID `after`). */
async function newestEmail(
  to: string,
  subject: RegExp,
  after = ''
): Promise<{ Subject: string; Text: string; HTML: string }> {
  let found: Summary | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${inboxUrl()}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`
        )
        if (!response.ok) return false
        const body = (await response.json()) as { messages: Summary[] }
        found = body.messages
          .filter((m) => subject.test(m.Subject) && m.ID !== after)
          .sort((a, b) => b.Created.localeCompare(a.Created))[0]
        return !!found
      },
      { message: `an email to ${to} with subject ${subject}`, timeout: 20_000 }
    )
    .toBe(true)
  const response = await fetch(`${inboxUrl()}/api/v1/message/${found!.ID}`)
  return { Subject: found!.Subject, ...((await response.json()) as { Text: string; HTML: string }) }
}

/** Waits for the newest email to `to` whose subject matches, and returns the first link in it. */
export async function linkFromEmail(to: string, subject: RegExp, after = ''): Promise<string> {
  const message = await newestEmail(to, subject, after)
  const fromHtml = /href="([^"]+)"/.exec(message.HTML ?? '')?.[1]
  const fromText = /(https?:\/\/\S+)/.exec(message.Text ?? '')?.[1]
  const link = (fromHtml ?? fromText)?.replace(/&amp;/g, '&')
  if (!link) throw new Error(`no link in the email "${message.Subject}" to ${to}`)
  return link
}

/** Waits for the newest email to `to` whose subject matches, and returns the code in it. */
export async function codeFromEmail(to: string, subject: RegExp): Promise<string> {
  const message = await newestEmail(to, subject)
  const code = /\b(\d{6,10})\b/.exec(message.Text || message.HTML.replace(/<[^>]*>/g, ' '))?.[1]
  if (!code) throw new Error(`no code in the email "${message.Subject}" to ${to}`)
  return code
}
