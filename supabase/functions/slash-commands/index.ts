// slash-commands: custom slash commands, Slack's way (see *_chorus_slash_commands.sql).
//
// POST /functions/v1/slash-commands, from the app with the caller's JWT, JSON {command, text,
// channel_id}: start_slash_command() checks under the caller's rights that they are in the
// channel and that the command is the channel's workspace's (else 401/403/400 with
// {error, message}); then Slack's signed form goes to the command's URL through the outbound
// guard (_shared/safe-fetch.ts: public addresses only, no redirects, 3 seconds as Slack waits,
// 64 KiB). The answer is 200 JSON {ephemeral: markdown | null, posted: boolean, error?}: an
// in_channel answer is posted (the command as the caller, the answer as the command's app), an
// ephemeral one comes back to the caller only, and a failing, slow, refused or non-2xx server is
// an ephemeral "/deploy failed: …" with nothing posted.
//
// POST /functions/v1/slash-commands/respond/<run id>/<secret>: the response_url, for later
// answers (the same JSON; 30 minutes, 5 uses), without a JWT ([functions.slash-commands]
// verify_jwt = false: the secret in the URL is the credential, stored hashed). Answered as Slack
// does in plain text (`replace_original` / `delete_original` replace or delete the run's earlier
// later answers): 200 `ok`; 400 `invalid_payload`/`no_text`/`msg_too_long`; 403
// `invalid_token`; 404 `expired_url` / `used_url` / `no_service`; 410 `channel_is_archived`.
import { createClient } from 'npm:@supabase/supabase-js@2'
import { hasCode } from '../_shared/error-code.ts'
import { OutboundError, safeFetch } from '../_shared/safe-fetch.ts'
import { PayloadError, fromJson, readAnswer } from './answer.ts'
import type { SlashAnswer } from './answer.ts'
import { signedHeaders, slashForm } from './slack-request.ts'
import { BodyTooLarge, closingUnread, readBytes } from '../_shared/read-body.ts'

const MAX_BODY_BYTES = 64 * 1024
const TIMEOUT_MS = 3000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
}

const env = (name: string) => Deno.env.get(name) ?? ''
const service = () =>
  createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  })

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...cors, 'Content-Type': 'application/json' },
  })
}

function plain(status: number, text: string, detail?: string): Response {
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      ...(detail ? { 'X-Chorus-Error': detail.replace(/[^\x20-\x7e]/g, '?').slice(0, 300) } : {}),
    },
  })
}

/** The request's body as text, refused past the limit (the stream is not read further). */
const readBody = (request: Request) => readBytes(request, MAX_BODY_BYTES).then(decode)
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Why the command's server gave nothing usable, for the caller. */
function failure(command: string, error: unknown): { error: string; message: string } {
  if (error instanceof OutboundError) {
    const why: Record<string, string> = {
      timeout: `the app did not answer in ${TIMEOUT_MS / 1000} seconds`,
      blocked_address: "its URL leads to a private or local address, which Chorus doesn't call",
      dns_failed: "its server's name could not be found",
      too_many_redirects: 'the app answered with a redirect, which commands do not follow',
      too_large: "the app's answer was too large",
      bad_url: 'its URL is not a valid http(s) address',
      network: 'its server could not be reached',
    }
    return { error: error.code, message: `${command} failed: ${why[error.code] ?? error.message}.` }
  }
  if (error instanceof PayloadError) {
    return {
      error: error.code,
      message: `${command} failed: the app's answer could not be shown (${error.detail})`,
    }
  }
  return { error: 'network', message: `${command} failed: its server could not be reached.` }
}

async function post(runId: string, secret: string | null, answer: SlashAnswer) {
  return service().rpc('answer_slash_command', {
    p_invocation_id: runId,
    p_response_secret: secret,
    p_in_channel: answer.inChannel,
    p_body: answer.body,
    p_message_id: crypto.randomUUID(),
  })
}

async function run(request: Request): Promise<Response> {
  let input: { command?: unknown; text?: unknown; channel_id?: unknown }
  try {
    input = JSON.parse(await readBody(request)) as typeof input
  } catch (error) {
    const message = error instanceof BodyTooLarge ? 'The request is too large.' : 'Send JSON.'
    return json(400, { error: 'invalid_request', message })
  }
  const { command, text = '', channel_id: channelId } = input ?? {}
  if (typeof command !== 'string' || typeof text !== 'string' || typeof channelId !== 'string') {
    return json(400, {
      error: 'invalid_request',
      message: 'Send {command, text, channel_id} as strings.',
    })
  }
  if (!UUID.test(channelId)) {
    return json(403, { error: 'not_in_channel', message: 'You are not in this channel.' })
  }
  const authorization = request.headers.get('Authorization') ?? ''
  const caller = createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: authorization } },
  })
  const started = await caller.rpc('start_slash_command', {
    p_channel_id: channelId,
    p_command: command,
    p_text: text,
  })
  if (started.error) {
    const { code, message, hint } = started.error
    if (hasCode(started.error, 'not_channel_member')) {
      return json(403, { error: 'not_in_channel', message })
    }
    if (code === '42501' || code?.startsWith('PGRST3') || /JWT/i.test(message)) {
      return json(401, { error: 'not_signed_in', message: 'Sign in to run commands.' })
    }
    if (code === '22023') return json(400, { error: 'invalid_command', message, hint })
    console.error('slash-commands: start failed', started.error)
    return json(500, { error: 'internal', message: 'The command could not be run.' })
  }
  const runRow = (started.data as Record<string, string>[] | null)?.[0]
  if (!runRow) return json(500, { error: 'internal', message: 'The command could not be run.' })

  const responseSecret = randomSecret()
  const prepared = await service().rpc('prepare_slash_command', {
    p_invocation_id: runRow.invocation_id,
    p_response_secret: responseSecret,
  })
  const target = (prepared.data as { url: string; signing_secret: string }[] | null)?.[0]
  if (prepared.error || !target) {
    console.error('slash-commands: prepare failed', prepared.error)
    return json(500, { error: 'internal', message: 'The command could not be run.' })
  }

  const name = runRow.command!
  // The URL the command's app can reach: a self-hosted stack names its public one (behind a
  // proxy SUPABASE_URL is this machine's); a hosted project's SUPABASE_URL is public already.
  const base = (env('SUPABASE_PUBLIC_URL') || env('SUPABASE_URL')).replace(/\/+$/, '')
  const body = slashForm({
    command: name,
    text,
    userId: runRow.user_id ?? '',
    userName: runRow.user_name ?? '',
    channelId,
    channelName: runRow.channel_name ?? '',
    teamId: runRow.team_id ?? '',
    teamDomain: runRow.team_domain ?? '',
    responseUrl: `${base}/functions/v1/slash-commands/respond/${runRow.invocation_id}/${responseSecret}`,
    triggerId: `${runRow.invocation_id}.${Date.now()}`,
    apiAppId: runRow.command_id ?? '',
  })
  let answer: SlashAnswer | null
  try {
    const response = await safeFetch(target.url, {
      method: 'POST',
      headers: await signedHeaders(target.signing_secret, body),
      body,
      maxRedirects: 0,
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BODY_BYTES,
    })
    if (response.status < 200 || response.status > 299) {
      return json(200, {
        ephemeral: `${name} failed: the app answered with HTTP status ${response.status}.`,
        posted: false,
        error: 'http_error',
      })
    }
    answer = readAnswer(
      response.headers.get('content-type') ?? '',
      new TextDecoder().decode(response.body)
    )
  } catch (error) {
    const { error: code, message } = failure(name, error)
    return json(200, { ephemeral: message, posted: false, error: code })
  }
  if (!answer?.body) return json(200, { ephemeral: null, posted: false })
  if (!answer.inChannel) return json(200, { ephemeral: answer.body, posted: false })
  const stored = await post(runRow.invocation_id!, null, answer)
  if (stored.error) {
    const code = slackOutcome(stored.error) ?? 'internal'
    const why =
      code === 'channel_is_archived' ? 'the channel is archived' : 'it could not be posted'
    if (code === 'internal') console.error('slash-commands: posting failed', stored.error)
    return json(200, {
      ephemeral: `${name} failed: the app answered, but ${why}.`,
      posted: false,
      error: code,
    })
  }
  return json(200, { ephemeral: null, posted: true })
}

/** Slack's name for a refusal of answer_slash_command or forget_slash_command_answers. */
function slackOutcome(error: { details?: unknown }): string | null {
  if (hasCode(error, 'slash_command_run_not_found') || hasCode(error, 'slash_command_revoked'))
    return 'no_service'
  if (hasCode(error, 'response_url_secret_invalid')) return 'invalid_token'
  if (hasCode(error, 'response_url_expired')) return 'expired_url'
  if (hasCode(error, 'response_url_used_up')) return 'used_url'
  if (hasCode(error, 'channel_archived')) return 'channel_is_archived'
  return null
}

const RESPOND_STATUS: Record<string, number> = {
  ok: 200,
  invalid_payload: 400,
  invalid_blocks: 400,
  no_text: 400,
  msg_too_long: 400,
  invalid_token: 403,
  no_service: 404,
  expired_url: 404,
  used_url: 404,
  channel_is_archived: 410,
}

async function respond(runId: string, secret: string, request: Request): Promise<Response> {
  let answer: SlashAnswer
  try {
    const text = await readBody(request)
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const payload =
      type === 'application/x-www-form-urlencoded'
        ? (new URLSearchParams(text).get('payload') ?? '')
        : text
    answer = fromJson(payload)
  } catch (error) {
    if (error instanceof BodyTooLarge)
      return plain(400, 'invalid_payload', 'The body is too large.')
    if (error instanceof PayloadError)
      return plain(RESPOND_STATUS[error.code] ?? 400, error.code, error.detail)
    throw error
  }
  const refused = (outcome: string) => plain(RESPOND_STATUS[outcome] ?? 500, outcome)
  // replace_original / delete_original: the run's earlier later answers (ephemeral) go first
  if (answer.replace && !answer.inChannel) {
    const forgot = await service().rpc('forget_slash_command_answers', {
      p_invocation_id: runId,
      p_response_secret: secret,
    })
    if (forgot.error) {
      const outcome = slackOutcome(forgot.error)
      if (outcome) return refused(outcome)
      console.error('slash-commands: replace failed', forgot.error)
      return plain(500, 'rollup_error', 'The earlier answer could not be replaced.')
    }
  }
  // an empty ephemeral (a delete_original alone) stores nothing; the use still counts
  const { error } = await post(runId, secret, answer)
  if (error) {
    const outcome = slackOutcome(error)
    if (outcome) return refused(outcome)
    if (error.code === '22023') return plain(400, 'invalid_payload', error.message)
    console.error('slash-commands: response failed', error)
    return plain(500, 'rollup_error', 'The answer could not be stored.')
  }
  return plain(200, 'ok')
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(
  closingUnread(async (request: Request) => {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: cors })
    const parts = new URL(request.url).pathname.split('/').filter(Boolean)
    const at = parts.lastIndexOf('slash-commands')
    const rest = at >= 0 ? parts.slice(at + 1) : []
    if (request.method !== 'POST') {
      return new Response('invalid_method', { status: 405, headers: { ...cors, Allow: 'POST' } })
    }
    if (rest.length === 0) return run(request)
    if (rest[0] === 'respond' && rest.length === 3 && UUID.test(rest[1]!) && rest[2]) {
      return respond(rest[1]!, rest[2]!, request)
    }
    return plain(404, 'no_service', 'Unknown URL.')
  })
)
