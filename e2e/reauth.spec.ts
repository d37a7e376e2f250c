// Confirming it's you (issue 49, item 5), in the browser against the real stack: a session whose
// sign-in is older than 15 minutes (its amr entries moved back in the database, its access token
// renewed so that it says so) is asked "Confirm it's you" when it makes a webhook — the wrong
// password is refused, the right one makes it — and when it changes its email, this time with the
// code Auth emails (reauthenticate).
import type { Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor } from './support/actors.ts'
import { withDatabase } from './support/database.ts'
import { codeFromEmail } from './support/inbox.ts'
import { expireAccessToken } from './support/security.ts'
import { inOwnWorkspace } from './support/workspace.ts'
import { choose } from './support/controls.ts'

/** Moves the person's sign-ins 20 minutes back, and has the page renew its access token. */
async function signedInLongAgo(page: Page, email: string): Promise<void> {
  await withDatabase(
    (sql) => sql`
      update auth.mfa_amr_claims set updated_at = now() - interval '20 minutes'
      where session_id in (select s.id from auth.sessions s join auth.users u on u.id = s.user_id
        where u.email = ${email})`
  )
  await expireAccessToken(page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
}

test('an old session confirms it is you to make a webhook (password) and to change its email (emailed code)', async ({
  browser,
}) => {
  const kai = await actor(browser, 'Kai')
  await inOwnWorkspace(kai, `Proof ${Date.now().toString(36)}`)
  await signedInLongAgo(kai.page, kai.email)

  const proof = kai.page.getByRole('dialog', { name: 'Confirm it’s you' })
  await test.step('a webhook: the password asked, a wrong one refused', async () => {
    await kai.page.getByRole('button', { name: 'Workspace menu' }).click()
    await kai.page.getByRole('menuitem', { name: 'Integrations' }).click()
    const dialog = kai.page.getByRole('dialog', { name: 'Integrations' })
    await choose(dialog.getByRole('combobox', { name: 'Posts to' }), '#general')
    await dialog.getByLabel('Name').fill('Deploys')
    await dialog.getByRole('button', { name: 'Create webhook' }).click()
    await expect(proof).toContainText('To make a webhook URL, confirm it’s you')
    await proof.getByLabel('Current password').fill('not my password')
    await proof.getByRole('button', { name: 'Confirm' }).click()
    await expect(proof.getByRole('alert')).toHaveText('That password is not right.')
    await proof.getByLabel('Current password').fill(kai.password)
    await proof.getByRole('button', { name: 'Confirm' }).click()
    await expect(proof).toBeHidden()
    await expect(dialog.getByLabel('Webhook URL')).toHaveValue(/\/functions\/v1\/webhooks\//)
    await dialog.getByRole('button', { name: 'Close' }).first().click()
  })

  await signedInLongAgo(kai.page, kai.email)
  await test.step('the email: a code emailed instead of the password', async () => {
    await kai.page.getByRole('button', { name: 'Your profile' }).click()
    await kai.page
      .getByRole('dialog', { name: 'Your profile' })
      .getByRole('button', { name: /^Security/ })
      .click()
    const security = kai.page.getByRole('dialog', { name: 'Security' })
    await security.getByLabel('New email').fill(`moved.${kai.email}`)
    await security.getByRole('button', { name: 'Change email' }).click()
    await proof.getByRole('button', { name: 'Email me a code instead' }).click()
    await expect(proof.getByText('We sent a code to your email.')).toBeVisible()
    await proof
      .getByLabel('Code from your email')
      .fill(await codeFromEmail(kai.email, /^Confirm reauthentication$/))
    await proof.getByRole('button', { name: 'Confirm' }).click()
    await expect(security.getByText('We sent a link to both addresses.')).toBeVisible()
  })
  await kai.context.close()
})
