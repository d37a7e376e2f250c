// Named people for the scenarios, each in their own browser context, with the actions a person
// takes in Chorus. Waits are on what the page shows (readiness), never on time.
import { expect } from '@playwright/test'
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from '@playwright/test'
import { signUpThroughStorage } from './accounts-api.ts'
import { appUrl } from './env.ts'
import { trPattern } from './i18n.ts'
import type { Language } from './i18n.ts'
import { linkFromEmail } from './inbox.ts'

let counter = 0

export interface Actor {
  name: string
  email: string
  password: string
  context: BrowserContext
  page: Page
}

/** A person with a unique email for this run, in a fresh browser context. */
export async function actor(
  browser: Browser,
  name: string,
  options: BrowserContextOptions = {}
): Promise<Actor> {
  counter += 1
  const tag = `${Date.now().toString(36)}${counter}`
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  const page = await context.newPage()
  return {
    name: `${name} ${tag.slice(-4)}`,
    email: `${name.toLowerCase()}.${tag}@example.test`,
    password: `pw-${tag}-Secret!`,
    context,
    page,
  }
}

/** Signs up through the form and confirms through the link in the emailed message: for the specs
 * that test signing up (every other one uses signUpByApi). */
export async function signUpAndConfirm(person: Actor, path = '/sign-up'): Promise<void> {
  const { page } = person
  await page.goto(appUrl(path))
  await page.getByLabel('Display name').fill(person.name)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  const link = await linkFromEmail(person.email, /confirm/i)
  await page.goto(link)
}

/**
 * The person's account made through Auth's sign-up API and confirmed by the emailed link, the
 * session that link opened put in the page without the form (support/accounts-api.ts), the page
 * then at `path`: for every spec that does not test the sign-up form, where the form would only
 * cost time.
 */
export async function signUpByApi(person: Actor, path = '/'): Promise<void> {
  await signUpThroughStorage(person.page, person, path)
}

export async function signIn(person: Actor): Promise<void> {
  const { page } = person
  await page.goto(appUrl('/sign-in'))
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs out from the profile dialog; done once the sign-in page shows (leaving the page before
 * would cut the sign-out's request short, and the person would still be signed in). */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Your profile' }).click()
  await page
    .getByRole('dialog', { name: 'Your profile' })
    .getByRole('button', { name: 'Sign out' })
    .click()
  await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
}

/** The open channel's or thread's message box, its label in the page's `language`. */
export function composer(page: Page, language: Language = 'en'): Locator {
  const name = language === 'en' ? /^Message / : trPattern(language, 'Message {where}')
  return page.getByRole('combobox', { name })
}

export async function send(page: Page, text: string, language: Language = 'en'): Promise<void> {
  const box = composer(page, language)
  // A modal dialog still closing (Add people, Create a channel) makes the composer inert: what
  // fill types then goes to the dialog, and the box stays empty.
  await expect(page.locator('dialog:modal')).toHaveCount(0)
  await box.fill(text)
  await expect(box).toHaveValue(text)
  await box.press('Enter')
  await expect(box).toHaveValue('')
  // Sent means on screen as mine, pending or confirmed.
  await expect(
    page.locator('article.message .message-body', { hasText: text.replace(/[*_`~]/g, '') }).last()
  ).toBeVisible()
}

/** The bodies of the confirmed messages on screen, in order. */
export function messageTexts(page: Page): Locator {
  return page.locator('article.message:not(.message-pending) .message-body')
}

/** A message the server has confirmed (not pending), by its text. */
export function confirmedMessageWith(page: Page, text: string): Locator {
  return page
    .locator('article.message:not(.message-pending)')
    .filter({ has: page.locator('.message-body', { hasText: text }) })
}

export function messageWith(page: Page, text: string): Locator {
  return page
    .locator('article.message')
    .filter({ has: page.locator('.message-body', { hasText: text }) })
}

/**
 * Answers the app's own confirmation (app/src/ui/ConfirmDialog.tsx, an alertdialog; the app
 * never uses the browser's confirm) with its button named `answer`, and waits until it goes.
 */
export async function answerConfirm(page: Page, answer: string): Promise<void> {
  const asked = page.getByRole('alertdialog')
  await asked.getByRole('button', { name: answer, exact: true }).click()
  await expect(asked).toHaveCount(0)
}

/**
 * What the person's clipboard holds. The app's pages close `clipboard-read` (their
 * Permissions-Policy: Chorus only writes to it), so it is read in another tab of theirs on the
 * server's /health, the same origin without that policy.
 */
export async function readClipboard(person: Actor): Promise<string> {
  const reader = await person.context.newPage()
  try {
    await reader.goto(appUrl('/health'))
    await reader.bringToFront()
    return await reader.evaluate(() => navigator.clipboard.readText())
  } finally {
    await reader.close()
    await person.page.bringToFront()
  }
}

/** Waits until the open channel says it is live (joined and caught up). */
export async function waitLive(page: Page): Promise<void> {
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'live', {
    timeout: 30_000,
  })
}
