// notifications-email: the mail of unread mentions and direct messages (see
// supabase/migrations/*_chorus_notifications_email.sql).
//
// POST {batch_id}: called by the cron job through pg_net. The batch is claimed with the service
// key (claim_notification_email: once only, so a repeated call sends nothing; it checks each
// queued message again and returns the queue rows' ids) and emailed as one digest through the
// project's SMTP, each message linked by its permalink, with an unsubscribe link to the app's
// /unsubscribe page (APP_URL/unsubscribe.html?token=..., which calls unsubscribe_email). Sent:
// acknowledge_notification_email removes exactly those rows from the queue. Not sent (SMTP
// refused or unreachable): release_notification_email makes them due again after a backoff
// (1, 2, 4 ... minutes), or gives them up after the 8th attempt; both are logged here, and the
// answer is 502. The caller is trusted with nothing but the batch id.
// The digest is written in its recipient's language (compose.ts): the claim's `language`, their
// profile's choice or else the language their account was made in, English when it has none.
// POST ?unsubscribe=<token>: the one-click unsubscribe of RFC 8058 (the mail's List-Unsubscribe
// and List-Unsubscribe-Post headers), which mail clients POST without a sign-in (verify_jwt =
// false for this function in config.toml). GET ?unsubscribe=<token> (links of older mails)
// redirects to the app's page: hosted functions answer HTML as text/plain. _shared/unsubscribe.ts
// answers both, here and at notify-email (this function's name before, in the one-click address
// of the mails already sent).
//
// Secrets (`supabase secrets set`; locally [edge_runtime.secrets] in config.toml or
// supabase/functions/.env): the SMTP_* of _shared/send-mail.ts, which sends the mail, and
// APP_URL (where links open, e.g. https://chorus.example.com); SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY come with the runtime.
import { mailLanguage } from '../_shared/email-i18n.ts'
import { mentionNames } from '../_shared/mention-names.ts'
import { closingUnread } from '../_shared/read-body.ts'
import { sendMail, smtpConfigured } from '../_shared/send-mail.ts'
import { json, mailEnv, unsubscribeAnswer } from '../_shared/unsubscribe.ts'
import { compose } from './compose.ts'
import type { Mail } from './compose.ts'

/** What release_notification_email says of a batch that was not sent. */
interface Released {
  retrying: number
  gave_up: number
  attempts: number
  next_attempt_at: string | null
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  const env = mailEnv()
  const { url, admin, appUrl } = env
  // GET, another method, or a POST with ?unsubscribe=: the unsubscribe addresses' answers.
  const unsubscribed = await unsubscribeAnswer(request, env)
  if (unsubscribed) return unsubscribed

  let input: { batch_id?: unknown }
  try {
    input = await request.json()
  } catch {
    return json(400, { error: 'The body must be JSON: {"batch_id"}.' })
  }
  const batchId = input?.batch_id
  if (typeof batchId !== 'string' || !/^[0-9a-f-]{36}$/i.test(batchId))
    return json(400, { error: 'batch_id must be a uuid.' })

  // Before the claim: without SMTP the batch stays unclaimed, its rows free again after the lease.
  if (!smtpConfigured()) return json(500, { error: 'SMTP_HOST is not set.' })
  const { data, error } = await admin.rpc('claim_notification_email', {
    p_batch_id: batchId,
  })
  if (error) return json(400, { error: error.message })
  const mail = data as Mail | null
  if (!mail) return json(200, { sent: false, reason: 'claimed already or unknown' })
  if (mail.items.length === 0) return json(200, { sent: false, reason: 'nothing left' })

  const unsubscribeToken = mail.unsubscribe_token
    ? encodeURIComponent(mail.unsubscribe_token)
    : null
  const unsubscribeUrl = unsubscribeToken
    ? `${appUrl}/unsubscribe.html?token=${unsubscribeToken}`
    : null
  const oneClickUrl = unsubscribeToken
    ? `${url.replace(/\/$/, '')}/functions/v1/notifications-email?unsubscribe=${unsubscribeToken}`
    : null
  const language = mailLanguage(mail.language)
  const names = await mentionNames(
    admin,
    mail.items.map((i) => i.body)
  )
  const { subject, text, html } = compose(mail, language, appUrl, unsubscribeUrl, names)
  // A server that never answers fails the attempt in a minute, well inside the claim's lease.
  const sent = await sendMail(
    { to: mail.email, subject, text, html, language, oneClickUnsubscribe: oneClickUrl },
    { connectMs: 30_000, answerMs: 60_000 }
  )
  if (!sent.ok) {
    const reason = sent.reason
    const { data: released, error: releaseError } = await admin.rpc('release_notification_email', {
      p_batch_id: batchId,
      p_ids: mail.ids,
      p_error: reason,
    })
    const r = released as Released | null
    if (releaseError) {
      console.error(
        `notifications-email: batch ${batchId} not sent (${reason}) and not released: ${releaseError.message}; its rows are free again when their lease ends`
      )
    } else if (r && r.gave_up > 0) {
      console.error(
        `notifications-email: gave up on batch ${batchId} (${r.gave_up} messages to ${mail.email}) after ${r.attempts} attempts: ${reason}`
      )
    } else if (r) {
      console.warn(
        `notifications-email: batch ${batchId} not sent (attempt ${r.attempts}): ${reason}; retrying at ${r.next_attempt_at}`
      )
    }
    return json(502, {
      error: `The mail was not sent: ${reason}`,
      ...(r
        ? { retrying: r.retrying > 0, next_attempt_at: r.next_attempt_at, gave_up: r.gave_up > 0 }
        : {}),
    })
  }
  const { error: ackError } = await admin.rpc('acknowledge_notification_email', {
    p_batch_id: batchId,
    p_ids: mail.ids,
  })
  if (ackError) {
    // Sent, but still queued: it may be sent once more when its lease ends.
    console.error(
      `notifications-email: batch ${batchId} sent but not acknowledged: ${ackError.message}`
    )
  }
  return json(200, { sent: true, messages: mail.items.length })
}
