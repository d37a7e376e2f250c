// The one way the Edge Functions send mail: through the project's SMTP (the functions' secrets,
// `supabase secrets set`; locally [edge_runtime.secrets] in config.toml or
// supabase/functions/.env): SMTP_HOST, SMTP_PORT (587; 465 is TLS from the start), SMTP_USER and
// SMTP_PASS (none: no login), SMTP_FROM ("Chorus <no-reply@…>"). Every mail says its language
// (Content-Language); one that can be unsubscribed from carries RFC 8058's one-click headers
// (List-Unsubscribe, List-Unsubscribe-Post). A refusal or an unreachable server is a value, with
// the server's reason, never a throw. Used by invitations (invite-mail.ts) and notification
// digests (notifications-email).
import nodemailer from 'npm:nodemailer@6'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** The language the mail is written in (Content-Language). */
  language: string
  /** The one-click unsubscribe address (a POST to it unsubscribes), if the mail has one. */
  oneClickUnsubscribe?: string | null
}

/** How long to wait for the server: to connect and greet, and for each answer after. */
export interface MailPatience {
  connectMs: number
  answerMs: number
}

export type MailSent = { ok: true } | { ok: false; reason: string }

const FROM = 'Chorus <no-reply@chorus.local>'

/** Whether mail can be sent at all (SMTP_HOST is set): ask before doing work for a mail. */
export function smtpConfigured(): boolean {
  return Boolean(Deno.env.get('SMTP_HOST'))
}

/** The mail's headers beyond From, To and Subject. */
function mailHeaders(mail: OutgoingMail): Record<string, string> {
  return {
    'Content-Language': mail.language,
    ...(mail.oneClickUnsubscribe
      ? {
          'List-Unsubscribe': `<${mail.oneClickUnsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {}),
  }
}

/** Sends one mail through the project's SMTP. */
export async function sendMail(mail: OutgoingMail, patience: MailPatience): Promise<MailSent> {
  const host = Deno.env.get('SMTP_HOST')
  if (!host) return { ok: false, reason: 'SMTP_HOST is not set.' }
  const port = Deno.env.get('SMTP_PORT') ?? '587'
  const user = Deno.env.get('SMTP_USER')
  const transport = nodemailer.createTransport({
    host,
    port: Number(port),
    secure: port === '465',
    connectionTimeout: patience.connectMs,
    greetingTimeout: patience.connectMs,
    socketTimeout: patience.answerMs,
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
  })
  try {
    await transport.sendMail({
      from: Deno.env.get('SMTP_FROM') ?? FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mailHeaders(mail),
    })
    return { ok: true }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  } finally {
    transport.close()
  }
}
