// Two-factor sign-in in Settings, Security: turn on an authenticator app (the codes computed here
// from the secret the page shows, as the app would), change the password (the current one
// asked), sign out, sign in with the new password and a code; and a
// workspace whose owner requires two-factor sign-in stays closed to a member without it until
// they set it up; a security key (Chromium's virtual authenticator over the DevTools protocol)
// added, then used to sign in; an email change confirmed from both addresses; the same person
// in two browsers, one signing the other out from the list of active sessions; a session older
// than 24 hours changing the password with the code Auth emails.
import { expect, test } from './support/test.ts'
import { actor, signIn, signOut } from './support/actors.ts'
import { createConfirmedUser } from './support/accounts-api.ts'
import { appUrl } from './support/env.ts'
import { codeFromEmail, linkFromEmail } from './support/inbox.ts'
import {
  addAuthenticatorApp,
  ageSessions,
  code,
  expireAccessToken,
  openSecurity,
} from './support/security.ts'
import {
  createInviteLink,
  createWorkspace,
  joinByInvite,
  inOwnWorkspace,
} from './support/workspace.ts'

test('turn on an authenticator app, change the password, sign out, sign in with the code', async ({
  browser,
}) => {
  const gina = await actor(browser, 'Gina')
  await inOwnWorkspace(gina, `Vault ${Date.now().toString(36)}`)

  await openSecurity(gina.page)
  const secret = await addAuthenticatorApp(gina.page, 'Pixel')

  // The password changes only with the current one.
  const security = gina.page.getByRole('dialog', { name: 'Security' })
  const newPassword = `${gina.password}-2`
  await security.getByLabel('Current password').fill('not my password')
  await security.getByLabel('New password').fill(newPassword)
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByRole('alert')).toHaveText('Your current password is not right.')
  await security.getByLabel('Current password').fill(gina.password)
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByText('Your password is changed.')).toBeVisible()
  gina.password = newPassword

  await gina.page
    .getByRole('dialog', { name: 'Security' })
    .getByRole('button', { name: 'Close' })
    .click()

  await signOut(gina.page)
  await signIn(gina)
  await expect(gina.page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  // Nothing of the workspace shows before the code.
  await expect(gina.page.getByRole('heading', { level: 2, name: 'general' })).toHaveCount(0)

  await gina.page.getByLabel('Code').fill(code(secret, Date.now() - 5 * 60_000))
  await gina.page.getByRole('button', { name: 'Verify' }).click()
  await expect(gina.page.getByRole('alert')).toContainText(/invalid/i)

  await gina.page.getByLabel('Code').fill(code(secret, Date.now() + 30_000))
  await gina.page.getByRole('button', { name: 'Verify' }).click()
  await expect(
    gina.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()
  await gina.context.close()
})

test('a session older than 24 hours changes the password with the code Auth emails', async ({
  browser,
}) => {
  const kai = await actor(browser, 'Kai')
  await inOwnWorkspace(kai, `Keys ${Date.now().toString(36)}`)
  // The browser's session is made a day and an hour old (secure_password_change asks such a
  // session for the emailed code; the current password alone is not enough).
  await ageSessions(kai.email)

  const security = await openSecurity(kai.page)
  const newPassword = `${kai.password}-3`
  await security.getByLabel('Current password').fill(kai.password)
  await security.getByLabel('New password').fill(newPassword)
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(
    security.getByText('We sent a code to your email. Enter it to change your password.')
  ).toBeVisible()
  // A wrong code is refused by Auth (reauthentication_not_valid), the password unchanged.
  await security.getByLabel('Code from your email').fill('000000')
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByRole('alert')).toHaveText('That code is not right or has expired.')
  await security
    .getByLabel('Code from your email')
    .fill(await codeFromEmail(kai.email, /^Confirm reauthentication$/))
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByText('Your password is changed.')).toBeVisible()

  const fresh = await browser.newContext()
  const page = await fresh.newPage()
  await signIn({ ...kai, page, password: newPassword })
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
  await fresh.close()
  await kai.context.close()
})

test('a workspace that requires two-factor sign-in is closed to a member without it', async ({
  browser,
}) => {
  const owner = await actor(browser, 'Hana')
  const member = await actor(browser, 'Ivo')
  const workspace = `Strict ${Date.now().toString(36)}`
  await inOwnWorkspace(owner, workspace)
  const link = await createInviteLink(owner.page)
  await joinByInvite(member, link, workspace)

  // The owner cannot require it before having it, then can.
  const security = await openSecurity(owner.page)
  const requireIt = security.getByRole('checkbox', {
    name: `Require two-factor sign-in in ${workspace}`,
  })
  await requireIt.click()
  await expect(security.getByRole('alert')).toContainText(
    'Turn on two-factor sign-in for yourself first, and sign in with it. (insufficient_aal)'
  )
  await expect(requireIt).not.toBeChecked()
  await addAuthenticatorApp(owner.page, 'Owner phone')
  await requireIt.click()
  await expect(requireIt).toBeChecked()

  // The member reloads: the workspace is closed and says why.
  await member.page.reload()
  await expect(
    member.page.getByText(`${workspace} requires two-factor sign-in`, { exact: false })
  ).toBeVisible()
  await expect(member.page.getByRole('heading', { level: 2, name: 'general' })).toHaveCount(0)

  // Setting it up opens the workspace (the dialog goes with the closed page).
  await member.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  await addAuthenticatorApp(member.page, 'Ivo phone', false)
  await expect(
    member.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()

  await owner.context.close()
  await member.context.close()
})

test('add a security key (a virtual authenticator) and sign in with it', async ({ browser }) => {
  const kai = await actor(browser, 'Kai')
  await createConfirmedUser(kai)
  // Browsers refuse an IP address as relying party: the same app at localhost.
  const page = kai.page
  const cdp = await kai.context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await page.goto(appUrl('/sign-in').replace('127.0.0.1', 'localhost'))
  await page.getByLabel('Email').fill(kai.email)
  await page.getByLabel('Password').fill(kai.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await createWorkspace(kai, `Keys ${Date.now().toString(36)}`)

  const security = await openSecurity(page)
  await security.getByLabel('Security key name').fill('YubiKey')
  await security.getByRole('button', { name: 'Add a security key' }).click()
  await expect(security.getByRole('button', { name: 'Remove YubiKey' })).toBeVisible()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  await security.getByRole('button', { name: 'Close' }).click()

  await signOut(page)
  await page.getByLabel('Email').fill(kai.email)
  await page.getByLabel('Password').fill(kai.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  await page.getByRole('button', { name: 'Use your security key' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount)
  await kai.context.close()
})

test('change email: a link to each address, then the new address signs in', async ({ browser }) => {
  const lea = await actor(browser, 'Lea')
  await inOwnWorkspace(lea, `Mail ${Date.now().toString(36)}`)
  const security = await openSecurity(lea.page)
  const newEmail = `new.${lea.email}`
  await security.getByLabel('New email').fill(newEmail)
  await security.getByRole('button', { name: 'Change email' }).click()
  await expect(security.getByText('We sent a link to both addresses.')).toBeVisible()

  await lea.page.goto(await linkFromEmail(lea.email, /email change/i))
  await lea.page.goto(await linkFromEmail(newEmail, /email change/i))

  const fresh = await actor(browser, 'Lea again')
  await signIn({ ...fresh, email: lea.email, password: lea.password })
  await expect(fresh.page.getByRole('alert')).toContainText('That email and password do not match')
  await signIn({ ...fresh, email: newEmail, password: lea.password })
  await expect(
    fresh.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()
  await lea.context.close()
  await fresh.context.close()
})

test('active sessions: sign out another browser from the list', async ({ browser }) => {
  const mia = await actor(browser, 'Mia')
  await inOwnWorkspace(mia, `Sessions ${Date.now().toString(36)}`)
  // The same person in a second browser.
  const laptop = await actor(browser, 'Mia laptop')
  await signIn({ ...laptop, email: mia.email, password: mia.password })
  await expect(
    laptop.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()

  const security = await openSecurity(mia.page)
  const sessions = security.getByRole('list', { name: 'Active sessions' })
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  // This device first, then the others.
  await expect(sessions.getByRole('listitem').first()).toHaveAccessibleName(
    'Chrome on Linux, this device'
  )
  const here = sessions.getByRole('listitem', { name: 'Chrome on Linux, this device' })
  await expect(here).toContainText('This device')
  // Loopback, over IPv4 or IPv6 (production: the public URL is localhost, which Chromium may
  // reach at ::1).
  await expect(here).toContainText(/(127\.0\.0\.1|::1) · active now/)
  await expect(here.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
  const other = sessions.getByRole('listitem', { name: 'Chrome on Linux', exact: true })
  await expect(other).toContainText(/(127\.0\.0\.1|::1) · active (just now|\d+ minutes? ago)/)

  await other.getByRole('button', { name: 'Sign out' }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await expect(sessions.getByRole('listitem')).toHaveAccessibleName('Chrome on Linux, this device')

  // The laptop's next renewal fails: it is back at the sign-in page.
  await expireAccessToken(laptop.page)
  await laptop.page.reload()
  await expect(laptop.page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
  await expect(laptop.page.getByRole('heading', { level: 2, name: 'general' })).toHaveCount(0)

  // This browser renews its own sign-in and carries on.
  await expireAccessToken(mia.page)
  await mia.page.reload()
  await expect(
    mia.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()

  // Sign in on the laptop again, then "Sign out all other sessions" empties the list of others.
  await signIn({ ...laptop, email: mia.email, password: mia.password })
  await expect(
    laptop.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()
  const again = await openSecurity(mia.page)
  const list = again.getByRole('list', { name: 'Active sessions' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await again.getByRole('button', { name: 'Sign out all other sessions' }).click()
  await expect(again.getByText('Every other session is signed out.')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expireAccessToken(laptop.page)
  await laptop.page.reload()
  await expect(laptop.page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()

  // "Sign out" on the laptop ends the laptop's session only, as in Slack: this browser stays in.
  await signIn({ ...laptop, email: mia.email, password: mia.password })
  await expect(
    laptop.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()
  await signOut(laptop.page)
  await expireAccessToken(mia.page)
  await mia.page.reload()
  await expect(
    mia.page.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()

  await mia.context.close()
  await laptop.context.close()
})
