// Setting up the common situation: one person creates a workspace and invites another by link.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import type { Actor } from './actors.ts'
import { sessionInStorage } from './accounts-api.ts'
import type { SignedIn } from './accounts-api.ts'
import { signUpAndConfirm, signUpByApi, waitLive } from './actors.ts'
import { appUrl } from './env.ts'
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

/** A new workspace of the signed-in person's, made as the welcome screen makes it; its id. */
async function workspaceOf(person: SignedIn, name: string): Promise<string> {
  const made = await person.client.rpc('create_workspace', { p_name: name, p_language: 'en' })
  if (made.error) throw new Error(`create_workspace: ${made.error.message}`)
  return (made.data as { id: string }).id
}

/** The app opened on `page` (its session in storage), showing the workspace's #general. */
async function openInGeneral(page: Page): Promise<void> {
  await page.goto(appUrl('/'))
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
}

/**
 * The person signed up by API and in a new workspace of theirs, made as the welcome screen makes
 * it (create_workspace) without the screen, the app then open in its #general: for the specs
 * whose story starts there (the welcome screen's own use createWorkspace).
 */
export async function inOwnWorkspace(person: Actor, name: string): Promise<void> {
  const me = await sessionInStorage(person.page, person)
  await workspaceOf(me, name)
  await openInGeneral(person.page)
}

/**
 * Owner and invitee in #general of a fresh workspace, both live. By `form`, as people do it all:
 * the form, the welcome screen, the invite dialog, the invitation's page (the specs about those).
 * By `api` (every other spec), what comes before the spec's own story is done as the app's
 * calls would do it, without its screens: both accounts at once (Auth's API and the emailed
 * links), the workspace (create_workspace) and an invite link (a row in invites) made as the
 * owner, accepted as the invitee (accept_invite); then both open the app, already in it.
 */
export async function twoInGeneral(
  owner: Actor,
  guest: Actor,
  workspace: string,
  via: SignUpVia = 'api'
): Promise<void> {
  if (via === 'form') {
    await signUpAndConfirm(owner, '/sign-up')
    await createWorkspace(owner, workspace)
    const link = await createInviteLink(owner.page)
    await joinByInvite(guest, link, workspace, via)
  } else {
    const [ana, bo] = await Promise.all([
      sessionInStorage(owner.page, owner),
      sessionInStorage(guest.page, guest),
    ])
    const workspaceId = await workspaceOf(ana, workspace)
    const invite = await ana.client
      .from('invites')
      .insert({ workspace_id: workspaceId, created_by: ana.id, role: 'member' })
      .select('token')
      .single()
    if (invite.error) throw new Error(`the invite: ${invite.error.message}`)
    const joined = await bo.client.rpc('accept_invite', { p_token: invite.data.token })
    if (joined.error) throw new Error(`accept_invite: ${joined.error.message}`)
    await Promise.all([openInGeneral(owner.page), openInGeneral(guest.page)])
  }
  await waitLive(owner.page)
  await waitLive(guest.page)
}
