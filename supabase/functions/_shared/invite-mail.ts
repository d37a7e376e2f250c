// The mail of a workspace invitation, sent through the project's SMTP (send-mail.ts, as
// notification emails are), never through Auth's mailer: Auth's hourly email budget
// ([auth.rate_limit] email_sent, shared by every confirmation, password reset and magic link of
// the project; GoTrue counts an admin invite against it too) is left to those. Auth only makes
// the link (admin generate_link, which mails nothing and takes nothing from that budget): an
// invite for a new address (the account is made, and the link signs it in), a magic link for an
// address that has an account already; both land on `redirectTo` (the invite page).
// The limits on who may send how many are the database's (private.take_invite_mail): take one
// before calling this, give it back (release_invite_mail) when this fails.
// The mail is in the recipient's language (invite-mail-text.ts): an existing account's profile
// language (English when it has none); for an address with no account yet, the inviter's
// (`language`), else English.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import { mailLanguage, profileLanguage } from './email-i18n.ts'
import { invitationMail } from './invite-mail-text.ts'
import { sendMail, smtpConfigured } from './send-mail.ts'

export interface Invitation {
  email: string
  redirectTo: string
  workspaceName: string | null
  invitedBy: string | null
  /** The language to write in when the address has no account yet (the inviter's); an existing
   *  account's mail is in its own profile language. English when it is not known. */
  language?: string | null
  /** More of the new account's metadata (display_name, say). */
  data?: Record<string, unknown>
}

export type InvitationSent =
  | { ok: true; sent: 'invite' | 'magic_link'; userId: string | null }
  | { ok: false; status: number; error: string }

/** Makes the invitation's link with Auth and mails it through SMTP. */
export async function sendInvitation(
  admin: SupabaseClient,
  invitation: Invitation
): Promise<InvitationSent> {
  if (!smtpConfigured())
    return { ok: false, status: 500, error: 'SMTP_HOST is not set: invitations cannot be mailed.' }
  const data = {
    ...invitation.data,
    workspace_name: invitation.workspaceName,
    invited_by: invitation.invitedBy,
    invited_to_workspace: true,
  }
  let existing = false
  let made = await admin.auth.admin.generateLink({
    type: 'invite',
    email: invitation.email,
    options: { redirectTo: invitation.redirectTo, data },
  })
  if (made.error && made.error.code === 'email_exists') {
    // An existing account: a sign-in link that lands on the same invite page.
    existing = true
    made = await admin.auth.admin.generateLink({
      type: 'magiclink',
      email: invitation.email,
      options: { redirectTo: invitation.redirectTo },
    })
  }
  if (made.error || !made.data.properties?.action_link) {
    return {
      ok: false,
      status: made.error?.status ?? 500,
      error: made.error?.message ?? 'No link.',
    }
  }
  // An account's own language (none chosen: English); a new address's is not known yet.
  const language = mailLanguage(
    existing ? await profileLanguage(admin, made.data.user?.id) : invitation.language
  )
  const mail = invitationMail(invitation, made.data.properties.action_link, existing, language)
  // A server that never answers fails the invitation in well under the function's time.
  const sent = await sendMail(
    { to: invitation.email, subject: mail.subject, text: mail.text, html: mail.html, language },
    { connectMs: 15_000, answerMs: 30_000 }
  )
  if (!sent.ok)
    return {
      ok: false,
      status: 502,
      error: `The invitation could not be mailed: ${sent.reason}`,
    }
  return {
    ok: true,
    sent: existing ? 'magic_link' : 'invite',
    userId: made.data.user?.id ?? null,
  }
}
