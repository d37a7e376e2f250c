// Setting up the common situation: one person creates a workspace and invites another by link.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import type { Actor } from './actors.ts'
import { signUpAndConfirm, signUpByApi, waitLive } from './actors.ts'

export async function createWorkspace(owner: Actor, name: string): Promise<void> {
  const { page } = owner
  await expect(page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
  await page.getByLabel('Workspace name').fill(name)
  await page.getByRole('button', { name: 'Create workspace' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
}

export async function createInviteLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Invite people' }).first().click()
  const dialog = page.getByRole('dialog', { name: /Invite people/ })
  await dialog.getByRole('button', { name: 'Create invite link' }).click()
  const input = dialog.getByLabel('Invite link')
  await expect(input).toHaveValue(/\/invite\//)
  const link = await input.inputValue()
  await dialog.getByRole('button', { name: 'Close' }).click()
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
