// Setting up the common situation: one person creates a workspace and invites another by link.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import type { Actor } from './actors.ts'
import { signUpAndConfirm, signUpByApi, waitLive } from './actors.ts'
import { tr, trPattern } from './i18n.ts'
import type { Language } from './i18n.ts'

/** From "Welcome to Chorus" (the owner's page, in its `language`) into the new workspace. */
export async function createWorkspace(
  owner: Actor,
  name: string,
  language: Language = 'en'
): Promise<void> {
  const { page } = owner
  const say = (english: string) => tr(language, english)
  await expect(page.getByRole('heading', { name: say('Welcome to Chorus') })).toBeVisible()
  await page.getByLabel(say('Workspace name')).fill(name)
  await page.getByRole('button', { name: say('Create workspace') }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
}

/** A new invite link, made on `page` (shown in its `language`). */
export async function createInviteLink(page: Page, language: Language = 'en'): Promise<string> {
  const say = (english: string) => tr(language, english)
  await page
    .getByRole('button', { name: say('Invite people') })
    .first()
    .click()
  const name =
    language === 'en' ? /Invite people/ : trPattern(language, 'Invite people to {workspaceName}')
  const dialog = page.getByRole('dialog', { name })
  await dialog.getByRole('button', { name: say('Create invite link') }).click()
  const input = dialog.getByLabel(say('Invite link'))
  await expect(input).toHaveValue(/\/invite\//)
  const link = await input.inputValue()
  await dialog.getByRole('button', { name: say('Close') }).click()
  return link
}

/** How people get their accounts: `form` signs up through the form and confirms by email (the
 * specs about signing up), `api` through Auth's sign-up API and the emailed link (every other
 * spec). */
export type SignUpVia = 'form' | 'api'

async function signUpAt(person: Actor, path: string, via: SignUpVia): Promise<void> {
  if (via === 'form') await signUpAndConfirm(person, path)
  else await signUpByApi(person, path)
}

/** The invitee follows the link, gets an account (see SignUpVia), and joins. */
export async function joinByInvite(
  person: Actor,
  link: string,
  workspace: string,
  via: SignUpVia = 'api'
): Promise<void> {
  await signUpAt(person, new URL(link).pathname, via)
  await person.page.getByRole('button', { name: `Join ${workspace}` }).click()
  await expect(
    person.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()
}

/** Owner and invitee in #general of a fresh workspace, both live. */
export async function twoInGeneral(
  owner: Actor,
  guest: Actor,
  workspace: string,
  via: SignUpVia = 'api'
): Promise<void> {
  // The form is on /sign-up; an account made through the API opens the app at its start.
  await signUpAt(owner, via === 'form' ? '/sign-up' : '/', via)
  await createWorkspace(owner, workspace)
  const link = await createInviteLink(owner.page)
  await joinByInvite(guest, link, workspace, via)
  await waitLive(owner.page)
  await waitLive(guest.page)
}
