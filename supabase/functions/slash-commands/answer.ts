// What a slash command's app answered, as Slack reads it (pure): an empty 200 is nothing; a
// plain-text body is an ephemeral message (mrkdwn); a JSON body is a message payload
// ({response_type: 'ephemeral' | 'in_channel', text, blocks, attachments}, ephemeral unless
// in_channel), turned into Chorus markdown as the incoming webhooks turn theirs. The same JSON
// comes later to the response_url. Malformed answers are a PayloadError with Slack's error text.
import { PayloadError, readPayload, toWebhookPost } from '../_shared/slack/payload.ts'
import { mrkdwnToMarkdown } from '../_shared/slack/mrkdwn-incoming.ts'

export { PayloadError }

export interface SlashAnswer {
  inChannel: boolean
  /** Chorus markdown ('' for a delete_original alone). */
  body: string
  /** replace_original or delete_original: the run's earlier later answers go first. */
  replace?: boolean
}

/** A JSON message payload (a command's answer, or a post to its response_url). */
export function fromJson(text: string): SlashAnswer {
  const payload = readPayload(text, 'application/json')
  const type = payload.response_type
  if (type !== undefined && type !== 'ephemeral' && type !== 'in_channel') {
    throw new PayloadError('invalid_payload', 'response_type must be ephemeral or in_channel.')
  }
  const replace = payload.replace_original === true || payload.delete_original === true
  if (
    payload.delete_original === true &&
    !payload.text &&
    !payload.blocks &&
    !payload.attachments
  ) {
    return { inChannel: false, body: '', replace }
  }
  return { inChannel: type === 'in_channel', body: toWebhookPost(payload).body, replace }
}

/** The app's answer to the POST: null when there is nothing to show. */
export function readAnswer(contentType: string, text: string): SlashAnswer | null {
  if (text.trim() === '') return null
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === 'application/json' || (type === '' && /^\s*\{/.test(text))) return fromJson(text)
  const body = mrkdwnToMarkdown(text.trim(), 'text')
  if (body.length > 4000) {
    throw new PayloadError('msg_too_long', 'The answer is longer than 4000 characters.')
  }
  return { inChannel: false, body }
}
