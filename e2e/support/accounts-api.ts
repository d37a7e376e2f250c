// People made without the sign-up form, for the specs that do not test signing up, as a real
// team's people are made: signed up through Auth's REST API (POST /auth/v1/signup with the app's
// own publishable key and the display name where the form puts it), confirmed by following the
// link of the email Auth sent (read from the suite's inbox), then signed in by putting the
// session where the app's supabase-js keeps it. No service key, no admin API: the production
// arrangement has no seed and no back office. The form itself is tested by the specs that are
// about it (support/actors.ts signUpAndConfirm: accounts, rough-edges, the @core chat scenario);
// here it would only cost two app starts per person.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { appUrl } from './env.ts'
import { linkFromEmail } from './inbox.ts'

export interface Credentials {
  name: string
  email: string
  password: string
}

/** The app's own /config.json: the API's URL and the publishable key the app uses. */
async function appConfig(): Promise<{ supabaseUrl: string; supabaseKey: string }> {
  const response = await fetch(appUrl('/config.json'))
  expect(response.ok).toBe(true)
  return (await response.json()) as { supabaseUrl: string; supabaseKey: string }
}

/**
 * A confirmed account with this display name: signed up through Auth's REST API as the form
 * does (display_name in the user's data, the email's link back to the app), and confirmed by
 * following the link in the confirmation email. Returns the user's id.
 */
export async function createConfirmedUser(who: Credentials): Promise<string> {
  const config = await appConfig()
  const response = await fetch(
    `${config.supabaseUrl}/auth/v1/signup?redirect_to=${encodeURIComponent(appUrl('/'))}`,
    {
      method: 'POST',
      headers: { apikey: config.supabaseKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: who.email,
        password: who.password,
        data: { display_name: who.name },
      }),
    }
  )
  const body = (await response.json()) as { id?: string; msg?: string; message?: string }
  if (!response.ok) {
    throw new Error(`sign-up of ${who.email}: ${response.status} ${body.msg ?? body.message}`)
  }
  // Confirmations on: no session yet, the user only.
  expect(body.id, `sign-up of ${who.email} answered a user`).toBeTruthy()
  const link = await linkFromEmail(who.email, /confirm/i)
  // Followed as the browser would, up to Auth's redirect back to the app (not the app itself).
  const verified = await fetch(link, { redirect: 'manual' })
  const location = verified.headers.get('location') ?? ''
  expect(verified.status, `the confirmation link of ${who.email} redirects`).toBeGreaterThanOrEqual(
    300
  )
  expect(location, `the confirmation of ${who.email} succeeded`).not.toMatch(/error/)
  expect(location.startsWith(appUrl('/'))).toBe(true)
  return body.id!
}

/**
 * Signs in with the password through supabase-js in Node, against the URL and key of the app's
 * own /config.json, and puts what it stored into the page's localStorage (same client, same
 * storage key and format as the app's; the page's user agent sent, so the session is recorded as
 * this browser's), then opens `path`: the app starts signed in.
 */
export async function signInThroughStorage(
  page: Page,
  who: Credentials,
  path = '/'
): Promise<void> {
  const config = await appConfig()
  // The app's origin, without starting the app: its config file is a plain same-origin page.
  await page.goto(appUrl('/config.json'))
  // The session is this browser's: Auth records its user agent (Settings, Active sessions).
  const userAgent = await page.evaluate(() => navigator.userAgent)
  const stored = new Map<string, string>()
  const client = createClient(config.supabaseUrl, config.supabaseKey, {
    global: { headers: { 'User-Agent': userAgent } },
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
    },
    realtime: { transport: ws as never },
  })
  const { error } = await client.auth.signInWithPassword({
    email: who.email,
    password: who.password,
  })
  if (error) throw new Error(`sign-in of ${who.email}: ${error.message}`)
  expect(stored.size).toBeGreaterThan(0)
  await page.evaluate(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value)
    },
    [...stored]
  )
  await page.goto(appUrl(path))
}
