// An invitation link in each of its states (issue 68, item 1): before anything is asked, the
// page says who invited the person to which workspace; a link that cannot be used says why (not
// found, used up, expired) instead of a sign-up form that leads nowhere; a member opening it
// again goes straight into the workspace. And the code the confirmation email gives beside its
// link confirms the account on "Check your email". A link's uses and expiry are set with the
// service role, as the days or the other invitees would.
import { expect, test } from './support/test.ts'
import { actor, signUpByApi } from './support/actors.ts'
import { apiUrl, appUrl } from './support/env.ts'
import { codeFromEmail, linkFromEmail } from './support/inbox.ts'
import { createInviteLink, createWorkspace } from './support/workspace.ts'

/** Changes an invitation as the service role (its uses, its expiry). */
async function changeInvite(link: string, change: Record<string, unknown>): Promise<void> {
  const token = new URL(link).pathname.split('/').pop() ?? ''
  const key = process.env.CHORUS_SERVICE_ROLE_KEY ?? ''
  const response = await fetch(`${apiUrl()}/rest/v1/invites?token=eq.${token}`, {
    method: 'PATCH',
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify(change),
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toHaveLength(1)
}

test('an invitation says who invited you to what; a link that cannot be used says why', async ({
  browser,
}) => {
  const nora = await actor(browser, 'Nora')
  const workspace = `Acme ${Date.now().toString(36)}`
  await signUpByApi(nora)
  await createWorkspace(nora, workspace)
  const link = await createInviteLink(nora.page)
  const ola = await actor(browser, 'Ola')

  await test.step('a mistyped link says so, and asks for no account', async () => {
    await ola.page.goto(appUrl('/invite/garbage-token-123'))
    await expect(
      ola.page.getByRole('heading', { name: 'This invitation link does not work' })
    ).toBeVisible()
    await expect(ola.page.getByText(/ask the person who sent it for a new one/)).toBeVisible()
    await expect(ola.page.getByRole('button', { name: 'Create account' })).toHaveCount(0)
  })

  await test.step('a good link names the inviter and the workspace before the form', async () => {
    await ola.page.goto(link)
    await expect(
      ola.page.getByRole('heading', { name: `Join ${workspace} on Chorus` })
    ).toBeVisible()
    await expect(ola.page.getByText(`${nora.name} invited you to join ${workspace}.`)).toBeVisible()
    // Signed up through the form, confirmed with the code the email gives beside its link.
    await ola.page.getByLabel('Display name').fill(ola.name)
    await ola.page.getByLabel('Email').fill(ola.email)
    await ola.page.getByLabel('Password').fill(ola.password)
    await ola.page.getByRole('button', { name: 'Create account' }).click()
    await expect(ola.page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    const code = await codeFromEmail(ola.email, /confirm/i)
    const wrong = code === '000000' ? '111111' : '000000'
    await ola.page.getByLabel('Code from the email').fill(wrong)
    await ola.page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect(ola.page.getByText('That code is not right, or has expired.')).toBeVisible()
    await ola.page.getByLabel('Code from the email').fill(code)
    await ola.page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect(
      ola.page.getByText(`${nora.name} invited you to join ${workspace} as a member.`)
    ).toBeVisible()
    await ola.page.getByRole('button', { name: `Join ${workspace}` }).click()
    await expect(
      ola.page.getByRole('heading', { level: 2, name: 'general', exact: true })
    ).toBeVisible()
  })

  await test.step('the confirmation link, its code used, says so on the sign-in page', async () => {
    const confirmation = await linkFromEmail(ola.email, /confirm/i)
    const elsewhere = await browser.newContext()
    const page = await elsewhere.newPage()
    await page.goto(confirmation)
    await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
    await expect(page.getByText('That link was already used or has expired.')).toBeVisible()
    await elsewhere.close()
  })

  await test.step('opened again by a member, the link goes straight into the workspace', async () => {
    await ola.page.goto(link)
    await expect(
      ola.page.getByRole('heading', { level: 2, name: 'general', exact: true })
    ).toBeVisible()
    await expect(ola.page).toHaveURL(/\/w\/[\w-]+/)
  })

  await test.step('used up: said so, signed out and signed in', async () => {
    await changeInvite(link, { max_uses: 1 })
    const pat = await actor(browser, 'Pat')
    await pat.page.goto(link)
    await expect(
      pat.page.getByRole('heading', { name: 'This invitation was already used' })
    ).toBeVisible()
    await expect(pat.page.getByText(`Otherwise, ask ${nora.name} for a new link.`)).toBeVisible()
    await expect(pat.page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/sign-in?next=${encodeURIComponent(new URL(link).pathname)}`
    )
    await signUpByApi(pat, new URL(link).pathname)
    await expect(
      pat.page.getByRole('heading', { name: 'This invitation was already used' })
    ).toBeVisible()
    await expect(pat.page.getByRole('button', { name: `Join ${workspace}` })).toHaveCount(0)
    await pat.context.close()
  })

  await test.step('expired: said so, with whom to ask', async () => {
    const second = await createInviteLink(nora.page)
    await changeInvite(second, { expires_at: '2026-01-01T00:00:00Z' })
    const quinn = await actor(browser, 'Quinn')
    await quinn.page.goto(second)
    await expect(
      quinn.page.getByRole('heading', { name: 'This invitation has expired' })
    ).toBeVisible()
    await expect(
      quinn.page.getByText(
        `The invitation to ${workspace} is no longer valid. Ask ${nora.name} for a new link.`
      )
    ).toBeVisible()
    await quinn.context.close()
  })
})
