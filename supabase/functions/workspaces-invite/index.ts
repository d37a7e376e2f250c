// POST /functions/v1/workspaces-invite {token, redirect_to}: emails the invitation an admin made
// (an invites row bound to an email address), saying who invited them to which workspace, with a
// link that lands on the invite page: Auth's invite link for a new address (the account is made;
// workspace_name, invited_by and invited_to_workspace go into its metadata), a sign-in link
// (magic link) for an address that has an account already. The caller's own JWT decides whether
// they may see the invite (row-level security on invites), so only its workspace's admins can.
//
// Limits (issue 49, item 2; *_chorus_invite_mail_limits.sql): each mail is counted for the caller
// and the workspace first (claim_invite_mail: per inviter per hour, per workspace per day); over
// a limit the answer is 429 {error, limit, max, resets_at} with Retry-After, and nothing is sent.
// The mail goes through the project's SMTP (the SMTP_* secrets, _shared/invite-mail.ts), not
// Auth's mailer, so invitations never use up the hourly budget that Auth's confirmations and
// password resets need. A mail that could not be sent is given back (release_invite_mail).
//
// The mail is in the invited person's language (_shared/invite-mail.ts): their profile's when the
// address has an account (English when it has none), else the inviter's.
//
// POST {import_id}: an import's owner invites the people it brought in and did not invite
// (import_invitees; see how many first with it and invite_mail_allowance), one email invite of
// the workspace each, under the same limits: 200 {invited, failed: [{email, error}], left: 0};
// at the first limit reached 429 with the error's fields and {invited, left} (how many are still
// to invite), the invite made for the refused one removed again.
import { createClient } from 'npm:@supabase/supabase-js@2'
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import { errorCode, hasCode } from '../_shared/error-code.ts'
import { sendInvitation } from '../_shared/invite-mail.ts'
import { closingUnread } from '../_shared/read-body.ts'

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json', ...headers },
  })
}

interface Refusal {
  code?: string
  message: string
  details?: string | null
  hint?: string | null
}

/** A refusal of claim_invite_mail as the answer: 429 with the limit (its hint's JSON), 404 for
 *  an invitation that is not the caller's, else the error's status; each with its code. */
function refused(error: Refusal): Response {
  if (!hasCode(error, 'invite_limit_reached')) {
    const status = hasCode(error, 'email_invite_not_yours') ? 404 : statusOf(error)
    return json(status, { error: error.message, code: errorCode(error) })
  }
  let limit: { limit?: string; max?: number; resets_at?: string | null } = {}
  try {
    limit = JSON.parse(error.hint ?? '{}')
  } catch {
    // The message says it all.
  }
  const resetsAt = limit.resets_at ? new Date(limit.resets_at) : null
  const headers: Record<string, string> = resetsAt
    ? { 'Retry-After': String(Math.max(1, Math.ceil((resetsAt.getTime() - Date.now()) / 1000))) }
    : {}
  return json(
    429,
    {
      error: error.message,
      code: 'invite_limit_reached',
      limit: limit.limit ?? null,
      max: limit.max ?? null,
      resets_at: resetsAt?.toISOString() ?? null,
    },
    headers
  )
}

/** 403 for a refusal of the caller's rights (Postgres's own carries no code), else 400. */
const statusOf = (error: Refusal) => (error.code === '42501' ? 403 : 400)

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: cors })
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' })
  const url = Deno.env.get('SUPABASE_URL')!
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY')!
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!
  let input: { token?: unknown; redirect_to?: unknown; import_id?: unknown }
  try {
    input = await request.json()
  } catch {
    return json(400, { error: 'The body must be JSON: {"token", "redirect_to"}.' })
  }
  const asCaller = createClient(url, anonKey, {
    global: { headers: { Authorization: request.headers.get('Authorization') ?? '' } },
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const admin = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  if (input !== null && typeof input === 'object' && 'import_id' in input) {
    if (typeof input.import_id !== 'string' || !input.import_id)
      return json(400, { error: 'import_id must be an import id.' })
    return inviteImportPeople(asCaller, admin, input.import_id)
  }
  const { token, redirect_to: redirectTo } = input
  if (typeof token !== 'string' || !token || typeof redirectTo !== 'string' || !redirectTo)
    return json(400, { error: 'token and redirect_to are required.' })
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

  // Counted before it goes out, for the caller and the workspace; over a limit, nothing is sent.
  const { data: mailId, error: claimError } = await asCaller.rpc('claim_invite_mail', {
    p_token: token,
  })
  if (claimError) return refused(claimError)

  const sent = await sendInvitation(admin, {
    email: invite.email,
    redirectTo,
    workspaceName: details.workspace_name,
    invitedBy: details.invited_by,
    language: (await inviter(asCaller, admin)).language,
  })
  if (sent.ok) return json(200, { sent: sent.sent })
  await admin.rpc('release_invite_mail', { p_id: mailId })
  return json(sent.status, { error: sent.error })
}

/** The caller's name and language (the mail's language for an address with no account yet). */
async function inviter(
  asCaller: SupabaseClient,
  admin: SupabaseClient
): Promise<{ displayName: string | null; language: string | null }> {
  const { data: me } = await asCaller.auth.getUser()
  const { data: profile } = await admin
    .from('profiles')
    .select('display_name, language')
    .eq('id', me.user?.id ?? '')
    .maybeSingle()
  const row = profile as { display_name: string; language: string | null } | null
  return { displayName: row?.display_name ?? null, language: row?.language ?? null }
}

function appUrl(): string {
  return (
    Deno.env.get('APP_URL') ??
    Deno.env.get('SITE_URL') ??
    Deno.env.get('SUPABASE_URL') ??
    ''
  ).replace(/\/$/, '')
}

/** The people an import brought in and did not invite, invited one by one within the limits. */
async function inviteImportPeople(
  asCaller: SupabaseClient,
  admin: SupabaseClient,
  importId: string
): Promise<Response> {
  const { data: people, error } = await asCaller.rpc('import_invitees', { p_import: importId })
  if (error) {
    const status = hasCode(error, 'workspace_owner_only') ? 403 : statusOf(error)
    return json(status, { error: error.message, code: errorCode(error) })
  }
  const invitees = (people ?? []) as { user_id: string; email: string }[]
  if (invitees.length === 0) return json(200, { invited: 0, failed: [], left: 0 })
  const { data: row } = await admin
    .from('imports')
    .select('workspace_id')
    .eq('id', importId)
    .single()
  const workspaceId = (row as { workspace_id: string }).workspace_id
  const { data: ws } = await admin.from('workspaces').select('name').eq('id', workspaceId).single()
  const workspaceName = (ws as { name: string } | null)?.name ?? null
  const { displayName: invitedBy, language } = await inviter(asCaller, admin)
  let invited = 0
  const failed: { email: string; error: string }[] = []
  for (const [at, person] of invitees.entries()) {
    const { data: made, error: inviteError } = await asCaller
      .rpc('create_invite', { p_workspace_id: workspaceId, p_email: person.email })
      .single()
    if (inviteError || !made) {
      failed.push({ email: person.email, error: inviteError?.message ?? 'No invite.' })
      continue
    }
    const invite = made as { id: string; token: string }
    const { data: mailId, error: claimError } = await asCaller.rpc('claim_invite_mail', {
      p_token: invite.token,
    })
    if (claimError) {
      await asCaller.from('invites').delete().eq('id', invite.id)
      const answer = refused(claimError)
      const body = (await answer.json()) as Record<string, unknown>
      return json(
        answer.status,
        { ...body, invited, failed, left: invitees.length - at },
        Object.fromEntries(answer.headers.entries())
      )
    }
    const sent = await sendInvitation(admin, {
      email: person.email,
      redirectTo: `${appUrl()}/invite/${invite.token}`,
      workspaceName,
      invitedBy,
      language,
    })
    if (sent.ok) invited += 1
    else {
      await admin.rpc('release_invite_mail', { p_id: mailId })
      await asCaller.from('invites').delete().eq('id', invite.id)
      failed.push({ email: person.email, error: sent.error })
    }
  }
  return json(200, { invited, failed, left: 0 })
}
