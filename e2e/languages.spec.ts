// Languages (issue 53, item 4), on the production arrangement as the other specs: Chorus speaks
// the browser's language when it is German, Japanese or Arabic (right to left, the layout
// mirrored), English otherwise; a person who signs up in Japanese gets Auth's confirmation mail in
// Japanese (real SMTP, the stack's own templates) and a Japanese workspace; a language chosen in
// the profile shows at once (the app reloads, as Slack's does) and follows the person to their
// other devices, whatever those devices' browsers speak. Names come from the app's catalogs
// (support/i18n.ts), so a missing translation fails here too.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, signIn, signUpByApi, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { BROWSER_LOCALE, loadCatalogs, tr } from './support/i18n.ts'
import type { Language } from './support/i18n.ts'
import { linkFromEmail } from './support/inbox.ts'
import { createWorkspace } from './support/workspace.ts'
import { choose } from './support/controls.ts'

test.beforeAll(loadCatalogs)

async function expectLanguage(page: Page, language: Language): Promise<void> {
  const html = page.locator('html')
  await expect(html).toHaveAttribute('lang', language, { timeout: 20_000 })
  await expect(html).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr')
}

/** The message box of a channel, by its name in that language. */
function composer(page: Page, language: Language, channel: string) {
  return page.getByRole('combobox', { name: tr(language, 'Message {where}', { where: channel }) })
}

test('the browser’s language: German, Japanese, Arabic right to left, English otherwise', async ({
  browser,
}) => {
  for (const language of ['de', 'ja', 'ar'] as const) {
    const person = await actor(browser, 'Lea', { locale: BROWSER_LOCALE[language] })
    await person.page.goto(appUrl('/sign-in'))
    const heading = tr(language, 'Sign in to Chorus')
    await expect(person.page.getByRole('heading', { name: heading })).toBeVisible()
    await expectLanguage(person.page, language)
    await expect(person.page.getByLabel(tr(language, 'Password'))).toBeVisible()
    await person.context.close()
  }
  const french = await actor(browser, 'Eve', { locale: 'fr-FR' })
  await french.page.goto(appUrl('/sign-in'))
  await expect(french.page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
  await expectLanguage(french.page, 'en')
})

test('signing up in Japanese: the form, the confirmation mail and the workspace in Japanese', async ({
  browser,
}) => {
  const ja = 'ja'
  const yui = await actor(browser, 'Yui', { locale: BROWSER_LOCALE.ja })
  const { page } = yui
  await page.goto(appUrl('/sign-up'))
  await page.getByLabel(tr(ja, 'Display name')).fill(yui.name)
  await page.getByLabel(tr(ja, 'Email')).fill(yui.email)
  await page.getByLabel(tr(ja, 'Password')).fill(yui.password)
  await page.getByRole('button', { name: tr(ja, 'Create account') }).click()
  await expect(page.getByRole('heading', { name: tr(ja, 'Check your email') })).toBeVisible()
  // Auth's mail, from supabase/templates/ by the language the sign-up put in the account.
  const link = await linkFromEmail(yui.email, /^Chorus のメールアドレスを確認してください$/)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: tr(ja, 'Welcome to Chorus') })).toBeVisible()
  await page.getByLabel(tr(ja, 'Workspace name')).fill(`東京 ${Date.now().toString(36)}`)
  await page.getByRole('button', { name: tr(ja, 'Create workspace') }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
  await waitLive(page)
  const box = composer(page, ja, '#general')
  await box.fill('こんにちは、みなさん')
  await box.press('Enter')
  await expect(page.getByRole('article').filter({ hasText: 'こんにちは、みなさん' })).toBeVisible()
  await expect(page.getByRole('button', { name: tr(ja, 'Your profile') })).toBeVisible()
})

test('a language chosen in the profile shows at once and follows the person to another device', async ({
  browser,
}) => {
  const ann = await actor(browser, 'Ann', { locale: 'en-US' })
  await signUpByApi(ann)
  await createWorkspace(ann, `Sprachen ${Date.now().toString(36)}`)
  await waitLive(ann.page)
  await expectLanguage(ann.page, 'en')

  await ann.page.getByRole('button', { name: 'Your profile' }).click()
  const dialog = ann.page.getByRole('dialog', { name: 'Your profile' })
  await choose(dialog.getByRole('combobox', { name: 'Language' }), 'Deutsch')
  await dialog.getByRole('button', { name: 'Save' }).click()
  // Saved, then the app reloads in German.
  await expectLanguage(ann.page, 'de')
  await expect(ann.page.getByRole('button', { name: tr('de', 'Your profile') })).toBeVisible()
  await waitLive(ann.page)
  await expect(composer(ann.page, 'de', '#general')).toBeVisible()

  // Another device, whose browser speaks English: German once the profile is read.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const laptop: Actor = { ...ann, context, page: await context.newPage() }
  await signIn(laptop)
  await expectLanguage(laptop.page, 'de')
  await expect(laptop.page.getByRole('button', { name: tr('de', 'Your profile') })).toBeVisible()

  // Arabic chosen there: right to left, the sidebar on the right of the messages.
  await laptop.page.getByRole('button', { name: tr('de', 'Your profile') }).click()
  const profile = laptop.page.getByRole('dialog', { name: tr('de', 'Your profile') })
  await choose(profile.getByRole('combobox', { name: tr('de', 'Language') }), 'العربية')
  await profile.getByRole('button', { name: tr('de', 'Save') }).click()
  await expectLanguage(laptop.page, 'ar')
  await waitLive(laptop.page)
  const sidebar = await laptop.page.locator('.sidebar').boundingBox()
  const main = await laptop.page.locator('main#main').boundingBox()
  expect(sidebar!.x).toBeGreaterThan(main!.x)
  await expect(composer(laptop.page, 'ar', '#general')).toBeVisible()

  // The first device takes it too, the next time it reads the profile (a reload here).
  await ann.page.reload()
  await expectLanguage(ann.page, 'ar')

  // Back to the browser's language: English on the laptop's English browser.
  await laptop.page.getByRole('button', { name: tr('ar', 'Your profile') }).click()
  const back = laptop.page.getByRole('dialog', { name: tr('ar', 'Your profile') })
  await choose(
    back.getByRole('combobox', { name: tr('ar', 'Language') }),
    tr('ar', "Browser's language ({browser})", { browser: 'English' })
  )
  await back.getByRole('button', { name: tr('ar', 'Save') }).click()
  await expectLanguage(laptop.page, 'en')
})
