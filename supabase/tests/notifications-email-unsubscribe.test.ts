// The one-click unsubscribe of the notification mails at both its addresses, on the stack:
// notifications-email's, which the mails sent now carry in List-Unsubscribe, and notify-email's,
// the function's name before the rename, which every mail sent earlier carries. A real mail's
// token, POSTed without a sign-in as mail clients do (RFC 8058), turns emails off at either
// address and a GET redirects to the app's page; notify-email sends nothing: anything but an
// unsubscribe is a JSON error naming notifications-email. The set-up (a real SMTP server, the
// email job every second) is support/email-stack.ts's.
import { describe, expect, it } from 'vitest'
import { APP_URL, useEmailStack } from './support/email-stack.ts'
import { asRole, makeMessage } from './support/world.ts'

const t = useEmailStack()
const { mailsTo, waitForMails } = t

describe('the one-click unsubscribe at the old address (notify-email) and the new one', () => {
  it('turns emails off and redirects to the app at both addresses, with the token of a real mail', async () => {
    const { owner, member } = t.world.people
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${member.id}> unsubscribe test`)
    await waitForMails(member, 1)
    const [mail] = mailsTo(member)
    const now = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1]
    const token = new URL(now!).searchParams.get('unsubscribe')!
    const query = `?unsubscribe=${encodeURIComponent(token)}`
    expect(now).toBe(`${t.stack.url}/functions/v1/notifications-email${query}`)
    // What the same mail's header said before the function was renamed.
    const before = `${t.stack.url}/functions/v1/notify-email${query}`
    const emailsOn = async () => {
      const [settings] = await t.stack.sql<{ email_enabled: boolean }[]>`
        select email_enabled from public.notification_settings where user_id = ${member.id}`
      return settings!.email_enabled
    }

    for (const address of [now!, before]) {
      await asRole(t.stack.sql, member, (tx) => tx`select public.set_email_notifications(true)`)
      expect(await emailsOn(), address).toBe(true)
      const posted = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(posted.status, address).toBe(200)
      expect(await posted.json(), address).toEqual({ unsubscribed: true })
      expect(await emailsOn(), address).toBe(false)
      const again = await fetch(address, { method: 'POST', body: 'List-Unsubscribe=One-Click' })
      expect(again.status, address).toBe(400)
      expect(await again.json(), address).toEqual({
        error: 'This unsubscribe link was used already: emails are off.',
      })
      const redirected = await fetch(address, { redirect: 'manual' })
      expect(redirected.status, address).toBe(303)
      expect(redirected.headers.get('location'), address).toBe(
        `${APP_URL}/unsubscribe.html?token=${encodeURIComponent(token)}`
      )
    }
    await asRole(t.stack.sql, member, (tx) => tx`select public.set_email_notifications(true)`)
  })

  it('notify-email sends nothing: any other POST is a 404 naming notifications-email, another method a 405', async () => {
    const address = `${t.stack.url}/functions/v1/notify-email`
    const notHere = {
      error:
        'This address only unsubscribes (POST ?unsubscribe=<token>): notification mails are sent by notifications-email now.',
    }
    for (const body of [JSON.stringify({ batch_id: crypto.randomUUID() }), '', 'not json']) {
      const answer = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(answer.status, body).toBe(404)
      expect(answer.headers.get('content-type'), body).toBe('application/json')
      expect(await answer.json(), body).toEqual(notHere)
    }
    const put = await fetch(address, { method: 'PUT', body: '{}' })
    expect(put.status).toBe(405)
    expect(await put.json()).toEqual({ error: 'Use POST or GET.' })
    const bare = await fetch(address, { redirect: 'manual' })
    expect(bare.status).toBe(400)
    expect(await bare.json()).toEqual({ error: 'unsubscribe=<token> is required.' })
  })
})
