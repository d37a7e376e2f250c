// notify-email: the old address of notifications-email, its name until the functions were named
// after their features (issue 51). Every notification mail sent before carries this address in
// its one-click unsubscribe header (RFC 8058's List-Unsubscribe,
// <SUPABASE_URL>/functions/v1/notify-email?unsubscribe=<token>), which mail clients POST without
// a sign-in (verify_jwt = false in config.toml) for as long as the mail is kept: those mails must
// keep unsubscribing. This function sends nothing. It answers ?unsubscribe= exactly as
// notifications-email does (_shared/unsubscribe.ts: a POST unsubscribes, a GET redirects to the
// app's page); any other POST is a 404 naming notifications-email, which sends the mails now, and
// a method other than GET and POST a 405.
import { closingUnread } from '../_shared/read-body.ts'
import { json, mailEnv, unsubscribeAnswer } from '../_shared/unsubscribe.ts'

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  return (
    (await unsubscribeAnswer(request, mailEnv())) ??
    json(404, {
      error:
        'This address only unsubscribes (POST ?unsubscribe=<token>): notification mails are sent by notifications-email now.',
    })
  )
}
