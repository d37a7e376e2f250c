// The request Slack sends a slash command's app (pure, shared by the function and its tests): a
// form-encoded body (`token` is deprecated and not sent) signed in Slack's scheme:
// X-Slack-Request-Timestamp: <unix seconds>, X-Slack-Signature: v0=<hex hmac_sha256(signing
// secret, "v0:<timestamp>:<body>")>. The app recomputes the signature to know the request is
// Chorus's, and refuses old timestamps (Slack advises five minutes) against replays.
import { slackSignature } from '../_shared/slack/signature.ts'

export { slackSignature }

export interface SlashRequestFields {
  command: string
  text: string
  userId: string
  userName: string
  channelId: string
  channelName: string
  teamId: string
  teamDomain: string
  responseUrl: string
  triggerId: string
  apiAppId: string
}

/** The form body, in Slack's field order. */
export function slashForm(f: SlashRequestFields): string {
  return new URLSearchParams([
    ['team_id', f.teamId],
    ['team_domain', f.teamDomain],
    ['channel_id', f.channelId],
    ['channel_name', f.channelName],
    ['user_id', f.userId],
    ['user_name', f.userName],
    ['command', f.command],
    ['text', f.text],
    ['api_app_id', f.apiAppId],
    ['response_url', f.responseUrl],
    ['trigger_id', f.triggerId],
  ]).toString()
}

/** The headers of a signed POST of this body, now. */
export async function signedHeaders(
  secret: string,
  body: string,
  now = Date.now()
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(now / 1000))
  return {
    'Content-Type': 'application/x-www-form-urlencoded',
    'User-Agent': 'Slackbot 1.0 (+https://api.slack.com/robots) Chorus',
    Accept: 'application/json,*/*',
    'X-Slack-Request-Timestamp': timestamp,
    'X-Slack-Signature': await slackSignature(secret, timestamp, body),
  }
}
