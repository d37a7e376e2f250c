// The unsubscribe addresses of the notification mails, as both functions answer them:
// notifications-email (the address of the mails it sends now) and notify-email (its name before,
// in the mails already sent). POST ?unsubscribe=<token>: the one-click unsubscribe of RFC 8058
// (the mail's List-Unsubscribe and List-Unsubscribe-Post headers), which mail clients POST
// without a sign-in (verify_jwt = false for both functions in config.toml): unsubscribe_email
// with the service key. GET ?unsubscribe=<token> (links of older mails) redirects to the app's
// page, APP_URL/unsubscribe.html?token=...: hosted functions answer HTML as text/plain.
import { createClient } from 'npm:@supabase/supabase-js@2'
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'

/** What the mail functions read of their environment. */
export interface MailEnv {
  /** The project's URL (SUPABASE_URL). */
  url: string
  /** A client with the service key. */
  admin: SupabaseClient
  /** Where links open (APP_URL, else SITE_URL, else the project's URL), without a final slash. */
  appUrl: string
}

export function mailEnv(): MailEnv {
  const url = Deno.env.get('SUPABASE_URL') ?? ''
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? ''
  const admin = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const appUrl = (Deno.env.get('APP_URL') ?? Deno.env.get('SITE_URL') ?? url).replace(/\/$/, '')
  return { url, admin, appUrl }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/**
 * The answer to a GET (with its token: the redirect; without: 400), to a method other than GET
 * and POST (405) and to a POST with ?unsubscribe= (unsubscribed, or 400 with the RPC's refusal);
 * null for a POST without it, which is the calling function's own.
 */
export async function unsubscribeAnswer(
  request: Request,
  { admin, appUrl }: MailEnv
): Promise<Response | null> {
  const token = new URL(request.url).searchParams.get('unsubscribe')
  if (request.method === 'GET') {
    if (!token) return json(400, { error: 'unsubscribe=<token> is required.' })
    return new Response(null, {
      status: 303,
      headers: { Location: `${appUrl}/unsubscribe.html?token=${encodeURIComponent(token)}` },
    })
  }
  if (request.method !== 'POST') return json(405, { error: 'Use POST or GET.' })
  if (token === null) return null
  const { error } = await admin.rpc('unsubscribe_email', { p_token: token })
  return error ? json(400, { error: error.message }) : json(200, { unsubscribed: true })
}
