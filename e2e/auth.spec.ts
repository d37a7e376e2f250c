// Accounts and workspaces beyond the happy chat: password reset by email, an invitation sent by
// email (Supabase Auth's magic link lands on the invite), profile name, and sign-out.
import { expect, test } from './support/test.ts'
import {
  actor,
  composer,
  messageWith,
  send,
  signIn,
  signOut,
  signUpByApi,
  waitLive,
} from './support/actors.ts'
import { linkFromEmail } from './support/inbox.ts'
import { appUrl } from './support/env.ts'
import { createWorkspace } from './support/workspace.ts'
import { chooseFile } from './support/controls.ts'

// A real 4x4 PNG (made with sharp).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

test('sign-up says under each field what is wrong, and the password rule once', async ({
  page,
}) => {
  await page.goto(appUrl('/sign-up'))
  await expect(page.getByText('At least 8 characters.')).toHaveCount(1)
  await page.getByRole('button', { name: 'Create account' }).click()
  for (const [label, error] of [
    ['Display name', 'Give a display name.'],
    ['Email', 'Enter your email address.'],
    ['Password', 'Use at least 8 characters.'],
  ] as const) {
    const field = page.getByLabel(label)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(error)
  }
  await expect(page.getByLabel('Display name')).toBeFocused()
  // the rule is said once: as the error now, not also as the hint
  await expect(page.getByText(/t least 8 characters\./)).toHaveCount(1)
  await page.getByLabel('Email').fill('ann@')
  await page.getByLabel('Email').blur()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'That does not look like an email address.'
  )
})

test('forgot password: the emailed link lets me choose a new one, and it works', async ({
  browser,
}) => {
  const dana = await actor(browser, 'Dana')
  await signUpByApi(dana)
  await expect(dana.page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()

  const fresh = await browser.newContext()
  const page = await fresh.newPage()
  await page.goto(appUrl('/forgot-password'))
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter your email address.')).toBeVisible()
  await page.getByLabel('Email').fill(dana.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(`If an account exists for ${dana.email}`)).toBeVisible()
  await page.goto(await linkFromEmail(dana.email, /reset/i))
  await page.getByLabel('New password').fill('short')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible()
  const newPassword = `${dana.password}-new`
  await page.getByLabel('New password').fill(newPassword)
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
  await fresh.close()

  const again = await browser.newContext()
  dana.page = await again.newPage()
  await signIn({ ...dana, password: 'wrong password' })
  await expect(dana.page.getByRole('alert')).toContainText('That email and password do not match')
  await signIn({ ...dana, password: newPassword })
  await expect(dana.page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
  await again.close()
  await dana.context.close()
})

test('an invitation by email names the inviter and workspace; the invitee picks name and password', async ({
  browser,
}) => {
  const erin = await actor(browser, 'Erin')
  await signUpByApi(erin)
  const workspace = `Mail ${Date.now().toString(36)}`
  await createWorkspace(erin, workspace)
  await erin.page.getByRole('button', { name: 'Invite people' }).first().click()
  const dialog = erin.page.getByRole('dialog', { name: /Invite people/ })
  const guest = `guest.${Date.now().toString(36)}@example.test`
  const colleague = `colleague.${Date.now().toString(36)}@example.test`
  // several at once, as pasted from a mail: each once, what is not an address marked
  await dialog
    .getByLabel('Email addresses')
    .fill(`not-an-email, ${guest} ${guest.toUpperCase()}; Col League <${colleague}>, `)
  const chips = dialog.getByRole('list', { name: 'Addresses to invite' }).getByRole('listitem')
  await expect(chips).toHaveCount(3)
  await expect(
    dialog.getByText('not-an-email is not an email address. Correct or remove it.')
  ).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Send 3 invitations' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Remove not-an-email' }).click()
  await dialog.getByRole('button', { name: 'Send 2 invitations' }).click()
  await expect(dialog.getByText(`Invitations sent to ${guest} and ${colleague}.`)).toBeVisible()
  await expect(chips).toHaveCount(0)
  await expect(dialog.getByText(`${colleague} · member`)).toBeVisible()
  await expect(dialog.getByText(`${guest} · member`)).toBeVisible()

  const context = await browser.newContext()
  const page = await context.newPage()
  // The mail's subject says who invited them to which workspace.
  await page.goto(
    await linkFromEmail(guest, new RegExp(`^${erin.name} invited you to ${workspace}`))
  )
  await page.getByLabel('Display name').fill('Gwen Guest')
  await page.getByLabel('Password').fill('short')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible()
  await page.getByLabel('Password').fill('guest-Secret-42')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText(`invited you to join ${workspace}`)).toBeVisible()
  await page.getByRole('button', { name: `Join ${workspace}` }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
  await waitLive(page)
  await send(page, 'Arrived by email')
  const arrived = messageWith(erin.page, 'Arrived by email')
  await expect(arrived).toBeVisible()
  await expect(arrived.locator('.message-author')).toHaveText('Gwen Guest')
  await context.close()

  // The password chosen on acceptance signs them in again.
  const again = await browser.newContext()
  const second = await again.newPage()
  await second.goto(appUrl('/sign-in'))
  await second.getByLabel('Email').fill(guest)
  await second.getByLabel('Password').fill('guest-Secret-42')
  await second.getByRole('button', { name: 'Sign in' }).click()
  await expect(
    second.getByRole('heading', { level: 2, name: 'general', exact: true })
  ).toBeVisible()
  await again.close()
  await erin.context.close()
})

test('profile: change my display name and sign out; a draft survives', async ({ browser }) => {
  const finn = await actor(browser, 'Finn')
  await signUpByApi(finn)
  await createWorkspace(finn, `Solo ${Date.now().toString(36)}`)
  await composer(finn.page).fill('an unfinished thought')
  await finn.page.getByRole('button', { name: 'Your profile' }).click()
  const dialog = finn.page.getByRole('dialog', { name: 'Your profile' })
  await dialog.getByLabel('Display name').fill('Finn \u202Eevil')
  await expect(dialog.getByText(/invisible control characters/)).toBeVisible()
  await dialog.getByLabel('Display name').fill('Finn the Human 🗡️')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Saved.')).toBeVisible()
  await chooseFile(dialog.getByRole('button', { name: 'Choose a photo…' }), {
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  })
  // Shown through Storage's image transformation, resized to the size drawn.
  const picture = dialog.locator('.avatar img')
  await expect(picture).toHaveAttribute(
    'src',
    /\/storage\/v1\/render\/image\/public\/avatars\/.+width=144/
  )
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
  // The photo chosen is named with its size, and the button offers another.
  await expect(dialog.getByText('me.png')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Change photo…' })).toBeVisible()
  // The time zone: typing a city in the open list finds it far down, scrolled into sight.
  const zone = dialog.getByRole('combobox', { name: 'Time zone' })
  const zoneId = await zone.getAttribute('id')
  await zone.click()
  await finn.page.keyboard.type('Tokyo')
  const tokyo = finn.page.getByRole('listbox').getByRole('option', { name: /\(Tokyo\)$/ })
  await expect(tokyo).toBeFocused()
  await expect(tokyo).toBeInViewport()
  await finn.page.keyboard.press('Enter')
  await expect(finn.page.locator(`[id="${zoneId}"]`)).toContainText('(Tokyo)')
  await expect(zone).toBeFocused()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await send(finn.page, 'hello from the new name')
  await expect(
    messageWith(finn.page, 'hello from the new name').locator('.message-author')
  ).toHaveText('Finn the Human 🗡️')
  await composer(finn.page).fill('typed before signing out')
  await signOut(finn.page)
  await signIn(finn)
  await expect(composer(finn.page)).toHaveValue('typed before signing out')
  await finn.context.close()
})

test('sign in by email link (magic link), alongside the password', async ({ browser }) => {
  const hana = await actor(browser, 'Hana')
  await signUpByApi(hana)
  await createWorkspace(hana, `Link ${Date.now().toString(36)}`)
  await hana.context.close()

  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(appUrl('/sign-in'))
  await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeDisabled()
  await page.getByLabel('Email').fill(hana.email)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByText('Check your email: the link we sent signs you in.')).toBeVisible()
  const magicLink = await linkFromEmail(hana.email, /magic link/i)
  await page.goto(magicLink)
  await expect(page.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible()
  await waitLive(page)
  await context.close()

  await test.step('the same link a second time: the page says why, and offers a new one', async () => {
    const again = await browser.newContext()
    const second = await again.newPage()
    await second.goto(magicLink)
    await expect(second.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
    await expect(second.getByText(/That link was already used or has expired/)).toBeVisible()
    // The reason is said on the page, no longer only in the address.
    await expect(second).not.toHaveURL(/error_code=/)
    await second.getByLabel('Email').fill(hana.email)
    await expect(second.getByRole('button', { name: 'Email me a sign-in link' })).toBeEnabled()
    await again.close()
  })
})
