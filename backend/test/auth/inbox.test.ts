// The local inbox on its own port, at Mailpit's paths: the web page at / (list, one message, its
// links clickable) and the JSON API under /api/v1 (list, read, search by recipient, delete).
// inbox-port.test.ts: it is never on the API port, and listens on the loopback interface only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { authConfig, follow, fragmentOf, inboxFor, inboxUrl, uniqueEmail } from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  // otp_length = 8 also shows that the emailed codes follow the configuration.
  stack = await startTestStack({
    config: authConfig('', 'enable_confirmations = true\notp_length = 8'),
  })
})

afterAll(async () => {
  await stack?.stop()
})

async function api(path: string, init?: RequestInit) {
  const response = await fetch(`${inboxUrl(stack)}/api/v1${path}`, init)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function signUp(prefix: string) {
  const email = uniqueEmail(prefix)
  await stack.client().auth.signUp({ email, password: 'secret-pass-1' })
  return email
}

describe('inbox JSON API', () => {
  it('lists, searches and reads messages in Mailpit shapes', async () => {
    const first = await signUp('inbox-a')
    const second = await signUp('inbox-b')
    const list = await api('/messages')
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ total: 2, unread: 2, messages_count: 2, start: 0 })
    const messages = list.body.messages as Record<string, unknown>[]
    expect(messages.map((m) => (m.To as { Address: string }[])[0]!.Address)).toEqual([
      second,
      first,
    ])
    expect(messages[0]).toMatchObject({
      Subject: 'Confirm Your Email',
      From: { Name: 'Admin', Address: 'admin@email.com' },
      Read: false,
      Attachments: 0,
    })

    const search = await api(`/search?query=${encodeURIComponent(`to:${first}`)}`)
    expect(search.body.messages_count).toBe(1)
    const id = (search.body.messages as { ID: string }[])[0]!.ID
    const message = await api(`/message/${id}`)
    expect(message.body).toMatchObject({ ID: id, Subject: 'Confirm Your Email' })
    expect(message.body.HTML).toContain('/auth/v1/verify?token=')
    expect(message.body.Text).toMatch(/enter the code: \d{8}\b/)
    const afterRead = await api('/messages')
    expect(afterRead.body.unread).toBe(1)
    const missing = await fetch(`${inboxUrl(stack)}/api/v1/message/NOPE`)
    expect(missing.status).toBe(404)
  })

  it('deletes chosen messages, then all', async () => {
    const email = await signUp('inbox-del')
    const search = await api(`/search?query=${encodeURIComponent(`to:${email}`)}`)
    const id = (search.body.messages as { ID: string }[])[0]!.ID
    const before = (await api('/messages')).body.total as number
    const one = await fetch(`${inboxUrl(stack)}/api/v1/messages`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ IDs: [id] }),
    })
    expect(one.status).toBe(200)
    expect((await api('/messages')).body.total).toBe(before - 1)
    const bad = await fetch(`${inboxUrl(stack)}/api/v1/messages`, { method: 'DELETE', body: '{x' })
    expect(bad.status).toBe(400)
    expect((await api('/messages')).body.total).toBe(before - 1)
    await fetch(`${inboxUrl(stack)}/api/v1/messages`, { method: 'DELETE' })
    expect((await api('/messages')).body.total).toBe(0)
  })
})

describe('inbox web page', () => {
  it('lists messages and shows one with its link clickable', async () => {
    const email = await signUp('inbox-page')
    const page = await fetch(`${inboxUrl(stack)}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain(email)
    const href = /href="(\/messages\/[A-Za-z0-9]+)"/.exec(html)?.[1]
    expect(href).toBeDefined()
    const messagePage = await (await fetch(`${inboxUrl(stack)}${href}`)).text()
    expect(messagePage).toContain('Confirm Your Email')
    const frame = await fetch(`${inboxUrl(stack)}${href}/html`)
    expect(frame.headers.get('content-security-policy')).toBe("script-src 'none'")
    const body = await frame.text()
    expect(body).toContain('<base target="_top">')
    const link = /href="([^"]+)"/.exec(body)![1]!.replace(/&amp;/g, '&')
    const { location } = await follow(link)
    expect(fragmentOf(location).get('type')).toBe('signup')
  })

  it('filters the page by a search and escapes what it shows', async () => {
    const page = await fetch(`${inboxUrl(stack)}/?query=${encodeURIComponent('to:<script>')}`)
    const html = await page.text()
    expect(html).toContain('No messages matching to:&lt;script&gt;')
    expect(html).not.toContain('<script>')
  })
})

describe('[inbucket] admin_email and sender_name', () => {
  it('are the sender of what lands in the inbox, as the CLI hands them to GoTrue', async () => {
    const named = await startTestStack({
      config: authConfig(
        '',
        'enable_confirmations = true',
        '[inbucket]\nadmin_email = "noreply@chorus.test"\nsender_name = "Chorus"'
      ),
    })
    try {
      const email = uniqueEmail('inbox-from')
      await named.client().auth.signUp({ email, password: 'secret-pass-1' })
      const [mail] = await inboxFor(named, email)
      expect(mail).toMatchObject({ From: { Name: 'Chorus', Address: 'noreply@chorus.test' } })
    } finally {
      await named.stop()
    }
  })
})
