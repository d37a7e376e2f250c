// slack-api: the bots' Web API in Slack's shape (see *_chorus_bots.sql).
//
// POST (or GET) /functions/v1/slack-api/<method> with the bot's token in `Authorization: Bearer
// xoxb-…` or a `token` argument, arguments as JSON or a form. Methods: auth.test, chat.postMessage,
// chat.update, chat.delete, reactions.add, conversations.history, conversations.replies (see
// methods.ts). Answered as Slack answers: HTTP 200 with {"ok":true,…} or {"ok":false,"error":…}
// (with response_metadata.messages saying why), `unknown_method` too (Slack's SDKs take any
// other status but 429 for a transport failure and retry it), 429 `ratelimited` with
// Retry-After. No JWT ([functions.slack-api] verify_jwt = false): the token is the credential.
// One database transaction per call through SUPABASE_DB_URL: authenticate_bot() as service_role
// checks the token's hash, revocation and the rate limit, raising a refusal with a Chorus code
// (the seconds to wait in its hint) that is answered here as Slack's error; then the role becomes
// `authenticated` with the bot's claims, so the method's reads and RPCs run under row-level
// security as the bot, exactly as the app's calls do for a person (hosted Supabase gives
// functions SUPABASE_DB_URL too).
import postgres from 'npm:postgres@3'
import { hasCode } from '../_shared/error-code.ts'
import { BodyNotUtf8, BodyTooLarge, closingUnread, readText } from '../_shared/read-body.ts'
import { MAX_BODY_BYTES, SlackError, readArgs } from './args.ts'
import type { Args } from './args.ts'
import { METHODS } from './methods.ts'

type Answer = Record<string, unknown>

let pool: { url: string; sql: ReturnType<typeof postgres> } | null = null

function db() {
  const url = Deno.env.get('SUPABASE_DB_URL') ?? ''
  if (pool?.url !== url) {
    void pool?.sql.end({ timeout: 1 })
    // No prepared statements: a transaction-mode pooler in front of the database is fine too.
    const options = { max: 4, idle_timeout: 5, prepare: false, onnotice: () => {} }
    pool = { url, sql: postgres(url, options) }
  }
  return pool.sql
}

function reply(body: Answer, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  })
}

function refusal(error: SlackError, headers: Record<string, string> = {}): Response {
  const answer: Answer = { ok: false, error: error.code }
  if (error.detail) answer.response_metadata = { messages: [`[ERROR] ${error.detail}`] }
  return reply(answer, 200, headers)
}

/** The body as text: Slack's invalid_arguments past the limit, invalid_charset if not UTF-8. */
async function readBody(request: Request): Promise<string> {
  try {
    return await readText(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new SlackError('invalid_arguments', error.message)
    if (error instanceof BodyNotUtf8) throw new SlackError('invalid_charset', error.message)
    throw error
  }
}

/**
 * The token: the Authorization header's, else the body's `token` argument. A `token` in the query
 * string is never read: Slack refuses it for apps made since February 2021 (a URL ends up in
 * logs and browser histories), and with no other token the answer is Slack's `not_authed`.
 */
function tokenOf(request: Request, args: Args): string | null {
  const header = request.headers.get('authorization')
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined
  if (bearer) return bearer
  return typeof args.token === 'string' && args.token !== '' ? args.token : null
}

interface Auth {
  user_id: string
}

interface Refusal {
  detail?: unknown
  hint?: unknown
}

/** Slack's answer to authenticate_bot's refusal, by its Chorus code; null for another error. */
function authRefusal(thrown: unknown): Response | null {
  const error = (thrown ?? {}) as Refusal
  if (hasCode(error, 'rate_limited')) {
    return reply({ ok: false, error: 'ratelimited' }, 429, {
      'Retry-After': String(retryAfter(error.hint)),
    })
  }
  if (hasCode(error, 'bot_token_invalid')) return reply({ ok: false, error: 'invalid_auth' })
  if (hasCode(error, 'bot_revoked')) return reply({ ok: false, error: 'token_revoked' })
  if (hasCode(error, 'not_workspace_member')) return reply({ ok: false, error: 'account_inactive' })
  return null
}

/** The seconds to wait that a rate_limited refusal gives in its hint ({"retry_after": n}). */
function retryAfter(hint: unknown): number {
  try {
    const seconds = (JSON.parse(String(hint)) as { retry_after?: unknown }).retry_after
    return typeof seconds === 'number' && seconds > 0 ? seconds : 1
  } catch {
    return 1
  }
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const parts = url.pathname.split('/').filter(Boolean)
  const at = parts.lastIndexOf('slack-api')
  const name = at >= 0 && parts.length === at + 2 ? parts[at + 1]! : ''
  const method = Object.hasOwn(METHODS, name) ? METHODS[name]! : null
  // HTTP 200, as Slack answers a method it has not: @slack/web-api reads a 404 as an HTTP error
  // and retries it (for half an hour by default) instead of throwing Slack's platform error.
  if (!method) return reply({ ok: false, error: 'unknown_method', req_method: name })
  if (request.method !== 'POST' && request.method !== 'GET') {
    return reply({ ok: false, error: 'invalid_post_type' }, 405, { Allow: 'POST, GET' })
  }

  // The query string's `token` is not an argument (Slack's newer apps may not send one there).
  const query = new URLSearchParams(url.searchParams)
  const tokenInQuery = query.has('token')
  query.delete('token')
  let args: Args
  try {
    const body = request.method === 'POST' ? await readBody(request) : ''
    args = readArgs(query, body, request.headers.get('content-type'))
  } catch (error) {
    // A body refused unread: closingUnread closes the connection, so no client reuses it.
    if (error instanceof SlackError) return refusal(error)
    throw error
  }
  const token = tokenOf(request, args)
  if (token === null) {
    const detail = tokenInQuery
      ? 'A token in the query string is not accepted: send it in the Authorization header (Bearer) or in the POST body.'
      : 'No token was sent.'
    return refusal(new SlackError('not_authed', detail))
  }

  // A refusal of authenticate_bot ends the transaction: nothing is written for a refused call.
  let authenticated = false
  try {
    return await db().begin(async (tx) => {
      await tx`set local role service_role`
      const [auth] = await tx<Auth[]>`select user_id from public.authenticate_bot(${token})`
      authenticated = true
      const bot = { userId: auth!.user_id }
      const claims = { sub: bot.userId, role: 'authenticated', aud: 'authenticated' }
      await tx`set local role authenticated`
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
        set_config('request.jwt.claim.sub', ${bot.userId}, true),
        set_config('request.jwt.claim.role', 'authenticated', true)`
      try {
        // A refusal undoes the method's work, not the bucket's count nor last_used_at.
        const result = await tx.savepoint((sp) => method(sp as unknown as typeof tx, args, bot))
        return reply({ ok: true, ...result })
      } catch (error) {
        if (error instanceof SlackError) return refusal(error)
        throw error
      }
    })
  } catch (error) {
    const refused = authenticated ? null : authRefusal(error)
    if (refused) return refused
    console.error('slack-api: call failed', error)
    return reply({ ok: false, error: 'internal_error' }, 500)
  }
}
