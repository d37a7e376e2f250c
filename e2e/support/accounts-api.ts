// People made without the sign-up form, for the specs that do not test signing up: the account
// made confirmed through Auth's admin API (the service key, as a back office would), then signed
// in by putting the session where the app's supabase-js keeps it. The form and the emailed
// confirmation link are tested by the specs that are about them (support/actors.ts
// signUpAndConfirm: accounts, rough-edges, the @core chat scenario), here they would only cost
// two app starts and an email per person.
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { apiUrl, appUrl } from './env.ts'

export interface Credentials {
  name: string
  email: string
  password: string
}

function serviceKey(): string {
  const key = process.env.CHORUS_SERVICE_ROLE_KEY
  if (!key) throw new Error('CHORUS_SERVICE_ROLE_KEY is not set')
  return key
}

/** A confirmed account with this display name (as the sign-up form sends it, in user_metadata). */
export async function createConfirmedUser(who: Credentials): Promise<string> {
  const admin = createClient(apiUrl(), serviceKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own; the client builds its Realtime side even unused.
    realtime: { transport: ws as never },
  })
  const { data, error } = await admin.auth.admin.createUser({
    email: who.email,
    password: who.password,
    email_confirm: true,
    user_metadata: { display_name: who.name },
  })
  if (error) throw new Error(`admin createUser ${who.email}: ${error.message}`)
  return data.user.id
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
  const configResponse = await fetch(appUrl('/config.json'))
  expect(configResponse.ok).toBe(true)
  const config = (await configResponse.json()) as { supabaseUrl: string; supabaseKey: string }
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
