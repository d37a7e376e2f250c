// The project serve.test.ts and serve-origin.test.ts start (functions, config.toml's development
// values), serve on it for a file's tests, and requests to the server as browsers and apps make
// them.
import http from 'node:http'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { startServeTest } from '../support/serve.ts'
import type { ServeTest, ServeTestOptions } from '../support/serve.ts'
import { useTestStack } from '../support/use-stack.ts'

export const PUBLIC = 'https://chat.example.com'

/** A function mailing through the SMTP server its secrets name, as notifications-email does. */
const MAIL_FUNCTION = `
import nodemailer from 'npm:nodemailer@6'
Deno.serve(async (request) => {
  const { to } = await request.json()
  const env = (name) => Deno.env.get(name)
  const transport = nodemailer.createTransport({
    host: env('SMTP_HOST'),
    port: Number(env('SMTP_PORT')),
    secure: false,
    auth: env('SMTP_USER') ? { user: env('SMTP_USER'), pass: env('SMTP_PASS') } : undefined,
    tls: { rejectUnauthorized: false },
  })
  await transport.sendMail({
    from: env('SMTP_FROM'),
    to,
    subject: env('DIGEST_TITLE'),
    html: '<a href="' + env('APP_URL') + '/unsubscribe.html">Unsubscribe</a>',
  })
  return Response.json({ sent: true })
})
`

/** The options serve's tests start with. */
export const SERVE_PROJECT: ServeTestOptions = {
  publicUrl: PUBLIC,
  // The development values Chorus's config.toml gives the functions (the local inbox's SMTP
  // port, an APP_URL on this machine), which serve leaves out; a secret of their own stays.
  config: `[auth.rate_limit]
sign_in_sign_ups = 3
[edge_runtime.secrets]
SMTP_HOST = "127.0.0.1"
SMTP_PORT = "54325"
SMTP_FROM = "Chorus <no-reply@chorus.local>"
APP_URL = "http://127.0.0.1:3000"
DIGEST_TITLE = "Unread on Chorus"
`,
  files: {
    'functions/mail-digest/index.ts': MAIL_FUNCTION,
    // What push-notify signs with (Web Push's VAPID pair).
    'functions/vapid-key/index.ts':
      "Deno.serve(() => Response.json({ key: Deno.env.get('VAPID_PUBLIC_KEY') }))",
  },
}

/** Requests to the server `serve` gives (read when a request is made, after beforeAll). */
export function serveCalls(serve: () => ServeTest) {
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(`${serve().url}${p}`, { headers })

  /** A GET whose path is sent as written (fetch would resolve its dot segments). */
  function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${serve().url}${rawPath}`, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      request.on('error', reject)
    })
  }

  function publishable(): Record<string, string> {
    return { apikey: serve().stack.keys.publishableKey }
  }

  function client(key = serve().stack.keys.publishableKey) {
    return createClient(serve().url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    })
  }

  /** The mail to `address` the test's SMTP server got, once it is there. */
  async function mailTo(address: string) {
    for (;;) {
      const found = (await serve().smtp.messages()).find((m) =>
        m.To.some((to) => to.Address === address)
      )
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  return { get, rawGet, publishable, client, mailTo }
}

/**
 * serve on SERVE_PROJECT for a file's tests, started in beforeAll and stopped in afterAll:
 * `serve` (read it inside tests) and serveCalls on it.
 */
export function useServeProject() {
  const t = useTestStack(() => startServeTest(SERVE_PROJECT))
  return {
    get serve(): ServeTest {
      return t.stack
    },
    ...serveCalls(() => t.stack),
  }
}
