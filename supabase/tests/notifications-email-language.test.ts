// Notification digests in their recipient's language (issue 53), end to end on the stack as in
// notifications-email.test.ts (support/email-stack.ts: cron every second, pg_net, the function,
// SMTP): the profile's language (public.profiles.language) writes the subject, the text and the
// HTML in German, Japanese or Arabic (right to left, plurals by Intl); when it is null, the
// language the account signed up in (its metadata), else English.
// This file's own SMTP server keeps each mail's HTML and headers (the set-up's keeps the text).
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { parseMails } from './support/mail-capture.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_URL, useEmailStack } from './support/email-stack.ts'
import { asRole, makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useEmailStack()

interface FullMail {
  to: string
  subject: string
  text: string
  html: string
  language: string
}
const mails: FullMail[] = []
let smtp: SMTPServer

// After the set-up's beforeAll: the function reads SMTP_PORT at each batch, so mails come here.
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: parseMails(({ to, subject, text, html, headers }) =>
      mails.push({ to, subject, text, html, language: headers['content-language'] ?? '' })
    ),
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  process.env.SMTP_PORT = String((smtp.server.address() as AddressInfo).port)
})

afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

async function mailTo(person: Person): Promise<FullMail> {
  await expect
    .poll(() => mails.filter((m) => m.to === person.email).length, { timeout: 20_000 })
    .toBe(1)
  return mails.find((m) => m.to === person.email)!
}

const setLanguage = (person: Person, language: string | null) =>
  t.stack.sql`update public.profiles set language = ${language} where id = ${person.id}`

describe('notification emails in the recipient’s language', () => {
  it('writes a German profile’s digest in German', async () => {
    const { owner, member } = t.world.people
    await setLanguage(member, 'de')
    const id = await makeMessage(
      t.stack.sql,
      owner,
      t.world.ch.plaza,
      `<@${member.id}> der Deploy hängt`
    )
    const mail = await mailTo(member)
    expect(mail.subject).toBe('owner hat dir in #plaza geschrieben')
    expect(mail.language).toBe('de')
    expect(mail.text).toContain('Hallo member,')
    expect(mail.text).toContain('owner in #plaza (Matrix W):')
    expect(mail.text).toContain('@member der Deploy hängt')
    expect(mail.text).toContain(`Öffnen: ${APP_URL}/w/${t.world.ws}/c/${t.world.ch.plaza}/m/${id}`)
    expect(mail.text).toMatch(
      new RegExp(`Diese E-Mails abbestellen: ${APP_URL}/unsubscribe\\.html\\?token=\\S+`)
    )
    expect(mail.html).toMatch(/^<div lang="de" dir="ltr">/)
    expect(mail.html).toContain('<strong>owner</strong> in #plaza (Matrix W):')
    expect(mail.html).toContain('>In Chorus öffnen</a>')
    expect(mail.html).not.toMatch(/Open in Chorus|Stop these emails/)
  })

  it('writes an Arabic profile’s digest right to left, with Arabic plurals', async () => {
    const { owner, admin } = t.world.people
    await setLanguage(admin, 'ar')
    // Queued with a delay, then made due together: one digest of two.
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 10)`
    )
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${admin.id}> الأول`)
    await makeMessage(t.stack.sql, owner, t.world.ch.general, `<@${admin.id}> الثاني`)
    await t.stack.sql`update private.email_queue set due_at = now() where user_id = ${admin.id}`
    const mail = await mailTo(admin)
    await asRole(
      t.stack.sql,
      owner,
      (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 0)`
    )
    expect(mail.subject).toBe('إشارتان أو رسالتان مباشرتان غير مقروءتين على Chorus')
    expect(mail.language).toBe('ar')
    expect(mail.html).toMatch(/^<div lang="ar" dir="rtl">/)
    expect(mail.html).toContain('<p>مرحبًا admin،</p>')
    expect(mail.html).toContain('@admin الأول')
    expect(mail.html).toContain('>فتح في Chorus</a>')
    expect(mail.html).toContain('>إيقاف هذه الرسائل</a>')
    expect(mail.text.indexOf('الأول')).toBeLessThan(mail.text.indexOf('الثاني'))
  })

  it('writes a Japanese profile’s digest in Japanese', async () => {
    const { owner, guest } = t.world.people
    await setLanguage(guest, 'ja')
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `<@${guest.id}> 確認お願いします`)
    const mail = await mailTo(guest)
    expect(mail.subject).toBe('ownerさんが #plaza であなたにメッセージを送りました')
    expect(mail.text).toContain('guestさん、こんにちは。')
    expect(mail.text).toContain('@guest 確認お願いします')
    expect(mail.html).toMatch(/^<div lang="ja" dir="ltr">/)
  })

  it('writes in the account’s sign-up language when the profile has chosen none', async () => {
    const { owner, member } = t.world.people
    await setLanguage(owner, null)
    await t.stack.sql`
      update auth.users set raw_user_meta_data = raw_user_meta_data || '{"language": "ja"}'
      where id = ${owner.id}`
    await makeMessage(t.stack.sql, member, t.world.ch.plaza, `<@${owner.id}> 見てください`)
    const mail = await mailTo(owner)
    expect(mail.subject).toBe('memberさんが #plaza であなたにメッセージを送りました')
    expect(mail.language).toBe('ja')
  })

  it('writes English when the profile has no language', async () => {
    const { owner, member2 } = t.world.people
    await setLanguage(member2, null)
    await makeMessage(t.stack.sql, owner, t.world.ch.general, `<@${member2.id}> in English`)
    const mail = await mailTo(member2)
    expect(mail.subject).toBe('owner wrote to you in #general')
    expect(mail.language).toBe('en')
    expect(mail.text).toContain('Hi member2,')
    expect(mail.text).toContain('@member2 in English')
    expect(mail.text).toMatch(/Stop these emails: \S+/)
    expect(mail.html).toMatch(/^<div lang="en" dir="ltr">/)
  })
})
