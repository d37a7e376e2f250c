// Auth's emails and workspace invitations in the recipient's language (issue 53), on the stack
// with the project's own config.toml and templates (supabase/templates/, rendered as GoTrue does
// by backend/src/auth/mail/templates.ts). A sign-up's `language` (options.data.language) writes
// its confirmation in Japanese, German or Arabic (right to left) and becomes the profile's
// language; none writes English, and so do the mails after it (a password reset). An invitation
// (workspaces-invite, through the project's SMTP: support/workspaces-invite.ts) is in the invited
// person's language when they have an account (English when it has none), else in the inviter's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inboxFor } from '../../backend/test/auth/support.ts'
import { useInviteMailStack } from './support/workspaces-invite.ts'
import { createPerson } from './support/world.ts'

const t = useInviteMailStack()

const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`

async function signUp(email: string, data: Record<string, unknown>) {
  const { error } = await t.stack
    .client()
    .auth.signUp({ email, password: 'secret-pass-1', options: { data } })
  expect(error).toBeNull()
  await expect.poll(async () => (await inboxFor(t.stack, email)).length).toBe(1)
  const [mail] = await inboxFor(t.stack, email)
  return mail!
}

const profileLanguage = async (email: string) =>
  (
    await t.stack.sql`
      select p.language from public.profiles p join auth.users u on u.id = p.id
      where u.email = ${email}`
  )[0]?.language as string | null | undefined

describe('Auth’s emails in the language of the sign-up', () => {
  it('confirms a Japanese sign-up in Japanese, and the profile reads Japanese', async () => {
    const email = address('hana')
    const mail = await signUp(email, { language: 'ja', display_name: 'Hana' })
    expect(mail.Subject).toBe('Chorus のメールアドレスを確認してください')
    expect(mail.HTML).toMatch(/^<div lang="ja" dir="ltr">/)
    expect(mail.HTML).toContain('<h2>メールアドレスの確認</h2>')
    expect(mail.HTML).toMatch(/次のコードを入力してください: \d{6}/)
    expect(mail.HTML).toMatch(/<a href="[^"]*\/auth\/v1\/verify\?token=/)
    expect(mail.HTML).not.toMatch(/Confirm your email|Bestätige|أكّد/)
    expect(await profileLanguage(email)).toBe('ja')
  })

  it('confirms an Arabic sign-up right to left', async () => {
    const mail = await signUp(address('amal'), { language: 'ar' })
    expect(mail.Subject).toBe('أكّد عنوان بريدك الإلكتروني في Chorus')
    expect(mail.HTML).toMatch(/^<div lang="ar" dir="rtl">/)
    expect(mail.HTML).toMatch(/أدخل الرمز: <span dir="ltr">\d{6}<\/span>/)
  })

  it('writes English without a language (or with one Chorus does not speak)', async () => {
    for (const data of [{}, { language: 'fr' }]) {
      const email = address('ned')
      const mail = await signUp(email, data)
      expect(mail.Subject).toBe('Confirm your email address for Chorus')
      expect(mail.HTML).toMatch(/^<div lang="en" dir="ltr">/)
      expect(mail.Text).toMatch(/enter the code: \d{6}/)
      expect(await profileLanguage(email)).toBeNull()
    }
  })

  it('writes the next mails in the same language: a German password reset', async () => {
    const email = address('greta')
    await signUp(email, { language: 'de' })
    const { error } = await t.stack.client().auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
    await expect.poll(async () => (await inboxFor(t.stack, email)).length).toBe(2)
    const [reset] = await inboxFor(t.stack, email)
    expect(reset!.Subject).toBe('Setze dein Chorus-Passwort zurück')
    expect(reset!.HTML).toMatch(/^<div lang="de" dir="ltr">/)
    expect(reset!.HTML).toContain('<a href=')
  })
})

describe('workspace invitations in the invited person’s language', () => {
  it('writes to an account in its own language, and to a new address in the inviter’s', async () => {
    const yuki = await createPerson(t.stack, 'yuki')
    await t.stack.sql`update public.profiles set language = 'ja' where id = ${yuki.id}`
    const ws = (await t.kit.createWorkspace(yuki, 'Tokyo team')).id

    const fresh = address('newcomer')
    expect((await t.inviteByEmail(yuki, ws, fresh)).status).toBe(200)
    const [toFresh] = t.mailsTo([fresh])
    expect(toFresh!.subject).toBe('yukiさんから Chorus の Tokyo team に招待されました')
    expect(toFresh!.text).toContain('名前とパスワードを設定します')
    expect(toFresh!.html).toMatch(/^<div lang="ja" dir="ltr">/)

    const dana = await createPerson(t.stack, 'dana')
    await t.stack.sql`update public.profiles set language = 'ar' where id = ${dana.id}`
    expect((await t.inviteByEmail(yuki, ws, dana.email)).body.sent).toBe('magic_link')
    const [toDana] = t.mailsTo([dana.email])
    expect(toDana!.subject).toBe('دعاك yuki إلى Tokyo team على Chorus')
    expect(toDana!.html).toMatch(/^<div lang="ar" dir="rtl">/)
    expect(toDana!.text).toContain('اتبع هذا الرابط لتسجيل الدخول وقبول الدعوة')

    // An account that has not chosen (null: it follows the browser) gets English.
    const olaf = await createPerson(t.stack, 'olaf')
    expect((await t.inviteByEmail(yuki, ws, olaf.email)).status).toBe(200)
    const [toOlaf] = t.mailsTo([olaf.email])
    expect(toOlaf!.subject).toBe('yuki invited you to Tokyo team on Chorus')
    expect(toOlaf!.html).toMatch(/^<div lang="en" dir="ltr">/)
  })
})
