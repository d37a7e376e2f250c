// POST /functions/v1/invite-by-email {token, redirect_to}: emails the invitation an admin made
// (an invites row bound to an email address) through Auth's invite, so the mail says who invited
// them to which workspace (the invite template reads {{ .Data.invited_by }} and
// {{ .Data.workspace_name }} from the new user's metadata). Someone who already has an account
// gets a sign-in link (magic link) to the same page instead. The caller's own JWT decides whether
// they may see the invite (row-level security on invites), so only its workspace's admins can.
import { createClient } from 'npm:@supabase/supabase-js@2'
import { closingUnread } from '../_shared/read-body.ts'

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json' },
  })
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: cors })
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' })
  const url = Deno.env.get('SUPABASE_URL')!
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY')!
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!
  let input: { token?: unknown; redirect_to?: unknown }
  try {
    input = await request.json()
  } catch {
    return json(400, { error: 'The body must be JSON: {"token", "redirect_to"}.' })
  }
  const { token, redirect_to: redirectTo } = input
  if (typeof token !== 'string' || !token || typeof redirectTo !== 'string' || !redirectTo)
    return json(400, { error: 'token and redirect_to are required.' })

  const asCaller = createClient(url, anonKey, {
    global: { headers: { Authorization: request.headers.get('Authorization') ?? '' } },
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data: invite, error: readError } = await asCaller
    .from('invites')
    .select('email')
    .eq('token', token)
    .maybeSingle()
  if (readError) return json(400, { error: readError.message })
  if (!invite?.email) return json(404, { error: 'No email invitation of yours has that token.' })
  const { data: preview, error: previewError } = await asCaller
    .rpc('invite_preview', { p_token: token })
    .maybeSingle()
  if (previewError || !preview) return json(400, { error: previewError?.message ?? 'No invite.' })
  const details = preview as { workspace_name: string; invited_by: string | null }

  const admin = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { error } = await admin.auth.admin.inviteUserByEmail(invite.email, {
    redirectTo,
    data: {
      workspace_name: details.workspace_name,
      invited_by: details.invited_by ?? 'Someone',
      invited_to_workspace: true,
    },
  })
  if (!error) return json(200, { sent: 'invite' })
  if (error.code !== 'email_exists') return json(error.status ?? 400, { error: error.message })
  // An existing account: a sign-in link that lands on the same invite page.
  const anon = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { error: linkError } = await anon.auth.signInWithOtp({
    email: invite.email,
    options: { emailRedirectTo: redirectTo, shouldCreateUser: false },
  })
  if (linkError) return json(linkError.status ?? 400, { error: linkError.message })
  return json(200, { sent: 'magic_link' })
}
