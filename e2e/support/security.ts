// Settings, Security in the security specs: the authenticator's codes (computed from the secret
// the page shows, as the app would), the dialog opened, an authenticator app added, a session
// aged past 24 hours, an access token expired.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { withDatabase } from './database.ts'

/** The authenticator's code for this secret at this time. */
export function code(secret: string, at = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at,
  })
}

/** Opens Settings, Security from the profile dialog; the Security dialog. */
export async function openSecurity(page: Page) {
  await page.getByRole('button', { name: 'Your profile' }).click()
  await page
    .getByRole('dialog', { name: 'Your profile' })
    .getByRole('button', { name: /^Security/ })
    .click()
  return page.getByRole('dialog', { name: 'Security' })
}

/** Adds an authenticator app in the Security dialog; returns its secret. */
export async function addAuthenticatorApp(
  page: Page,
  name: string,
  listed = true
): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Security' })
  await dialog.getByLabel('Authenticator app name').fill(name)
  await dialog.getByRole('button', { name: 'Add an authenticator app' }).click()
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await dialog.getByLabel('Code from the app').fill(code(secret))
  await dialog.getByRole('button', { name: 'Turn on' }).click()
  if (listed) await expect(dialog.getByRole('button', { name: `Remove ${name}` })).toBeVisible()
  return secret
}

/** Makes the person's sessions a day and an hour old, in the database. */
export async function ageSessions(email: string): Promise<void> {
  await withDatabase(
    (sql) => sql`
      update auth.sessions set created_at = now() - interval '25 hours'
      where user_id = (select id from auth.users where email = ${email})`
  )
}

/**
 * What an hour does to a signed-in browser: its access token expires, so supabase-js renews it
 * with the refresh token (at once on the next load of the page).
 */
export async function expireAccessToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (!/^sb-.+-auth-token$/.test(key)) continue
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number }
      session.expires_at = Math.floor(Date.now() / 1000) - 60
      localStorage.setItem(key, JSON.stringify(session))
    }
  })
}
