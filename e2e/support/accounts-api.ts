// People made without the sign-up form, for the specs that do not test signing up, as a real
// team's people are made: signed up through Auth's REST API (POST /auth/v1/signup with the app's
// own publishable key and the display name where the form puts it), confirmed by following the
// link of the email Auth sent (read from the suite's inbox), then signed in by putting the
// session that link opened where the app's supabase-js keeps it. No service key, no admin API: the production
// arrangement has no seed and no back office. The form itself is tested by the specs that are
// about it (support/actors.ts signUpAndConfirm: accounts, rough-edges, the @core chat scenario);
// here it would only cost two app starts per person.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
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

/** What Auth put in the app's address after the confirmation link: the new session. */
interface LinkSession {
  access_token: string
  refresh_token: string
}

/**
 * Signs up through Auth's REST API as the form does (display_name in the user's data, the
 * email's link back to the app) and follows the link of the confirmation email as a browser with
 * this user agent would, up to Auth's redirect back to the app; that redirect carries the
 * session the link opened (in its fragment, as the app reads it).
 */
async function signUpAndFollowLink(
  who: Credentials,
  userAgent?: string
): Promise<{ id: string; session: LinkSession }> {
  const config = await appConfig()
  const headers: Record<string, string> = userAgent ? { 'User-Agent': userAgent } : {}
  const response = await fetch(
    `${config.supabaseUrl}/auth/v1/signup?redirect_to=${encodeURIComponent(appUrl('/'))}`,
    {
      method: 'POST',
      headers: { ...headers, apikey: config.supabaseKey, 'Content-Type': 'application/json' },
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
  const verified = await fetch(link, { redirect: 'manual', headers })
  const location = verified.headers.get('location') ?? ''
  expect(verified.status, `the confirmation link of ${who.email} redirects`).toBeGreaterThanOrEqual(
    300
  )
  expect(location.startsWith(appUrl('/')), `${location} is the app`).toBe(true)
  const fragment = new URLSearchParams(new URL(location).hash.slice(1))
  const session = {
    access_token: fragment.get('access_token') ?? '',
    refresh_token: fragment.get('refresh_token') ?? '',
  }
  if (!session.access_token || !session.refresh_token) {
    throw new Error(`the confirmation of ${who.email} opened no session: ${location}`)
  }
  return { id: body.id!, session }
}

/**
 * A confirmed account with this display name, made as signUpByApi makes one (the session the
 * link opened is left unused, as on a phone the link was tapped on); returns the user's id. For
 * the specs that then sign in through a form of their own.
 */
export async function createConfirmedUser(who: Credentials): Promise<string> {
  return (await signUpAndFollowLink(who)).id
}

/** A person signed in by API: their id, and a supabase-js client holding their session (for what a
 * spec's set-up does as them without their page: a workspace made, an invite accepted). */
export interface SignedIn {
  id: string
  client: SupabaseClient
}

/**
 * Signs up through the API and confirms by the emailed link (signUpAndFollowLink) with the page's
 * user agent, so Auth records the session as this browser's (Settings, Active sessions); puts the
 * session the link opened where the app's supabase-js keeps it (the same client, storage key and
 * format as the app's, against the URL and key of the app's own /config.json). The page is left
 * on the app's origin without the app: its next visit starts the app signed in, one session, as
 * after following the link in this browser.
 */
export async function sessionInStorage(page: Page, who: Credentials): Promise<SignedIn> {
  const config = await appConfig()
  // The app's origin, without starting the app: its config file is a plain same-origin page.
  await page.goto(appUrl('/config.json'))
  const userAgent = await page.evaluate(() => navigator.userAgent)
  const { id, session } = await signUpAndFollowLink(who, userAgent)
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
  const { error } = await client.auth.setSession(session)
  if (error) throw new Error(`the session of ${who.email}: ${error.message}`)
  expect(stored.size).toBeGreaterThan(0)
  await page.evaluate(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value)
    },
    [...stored]
  )
  return { id, client }
}

/** sessionInStorage, then the app opened at `path`. */
export async function signUpThroughStorage(
  page: Page,
  who: Credentials,
  path = '/'
): Promise<void> {
  await sessionInStorage(page, who)
  await page.goto(appUrl(path))
}
