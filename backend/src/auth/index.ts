// The Auth service at /auth/v1: Supabase Auth (GoTrue) as @supabase/auth-js speaks to it. Bodies
// are read raw and decoded as GoTrue decodes them; every error goes through one renderer in
// GoTrue's versioned or legacy format. The mail inbox is a server of its own on [inbucket] port
// (inbox/server.ts, started by the stack), reading what the mailer stores.
import type { FastifyError, FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'
import { header } from '../http/header.ts'
import { AuthError, ERRORS } from './errors.ts'
import { API_VERSION_HEADER, renderError } from './http/error-response.ts'
import { InboxStore } from './inbox/store.ts'
import { InboxTransport, Mailer, SmtpTransport } from './mail/mailer.ts'
import { loadTemplates } from './mail/templates.ts'
import { authLimiters, DEFAULT_EMAIL_RATE } from './http/rate-limit.ts'
import type { RateLimiter } from './http/rate-limit.ts'
import { registerAdminFactors } from './routes/admin-factors.ts'
import { registerAdminLinks } from './routes/admin-links.ts'
import { registerAdminOAuthClients } from './routes/admin-oauth-clients.ts'
import { registerAdminUsers } from './routes/admin-users.ts'
import { registerDisabledFeatures } from './routes/disabled-features.ts'
import { registerEmailFlows } from './routes/email-flows.ts'
import { registerFactors } from './routes/factors.ts'
import { registerInfo } from './routes/info.ts'
import { registerOAuthGrants } from './routes/oauth-grants.ts'
import { registerOAuthServer } from './routes/oauth-server.ts'
import { registerSignup } from './routes/signup.ts'
import { registerToken } from './routes/token.ts'
import { registerUser } from './routes/user.ts'
import { registerVerify } from './routes/verify.ts'
import type { AuthRuntime } from './runtime.ts'
import { authSettings } from './settings.ts'

export { startInbox } from './inbox/server.ts'

/** GoTrue reads at most 1 MiB of a request body. */
export const MAX_BODY_BYTES = 1024 * 1024

export function authService(): Service {
  let mailer: Mailer | null = null
  return {
    name: 'auth',
    prefix: '/auth/v1',
    async register(app, ctx) {
      const limiters = authLimiters({ ...ctx.config.auth.rateLimit, emailSent: emailRate(ctx) })
      mailer = createMailer(ctx, limiters.emailSent)
      const rt: AuthRuntime = { ctx, settings: authSettings(ctx.config), limiters, mailer }
      installWireFormat(app, rt)
      registerInfo(app, rt)
      registerSignup(app, rt)
      registerToken(app, rt)
      registerVerify(app, rt)
      registerUser(app, rt)
      registerEmailFlows(app, rt)
      registerAdminUsers(app, rt)
      registerAdminLinks(app, rt)
      registerFactors(app, rt)
      registerAdminFactors(app, rt)
      registerAdminOAuthClients(app, rt)
      registerOAuthServer(app, rt)
      registerOAuthGrants(app, rt)
      registerDisabledFeatures(app, rt)
    },
    async stop() {
      mailer?.close()
    },
  }
}

/**
 * The CLI hands [auth.rate_limit] email_sent to GoTrue only with SMTP configured; otherwise
 * GoTrue's default of 30 an hour applies (a larger configured value is honoured for the inbox).
 */
function emailRate(ctx: StackContext): number {
  const configured = ctx.config.auth.rateLimit.emailSent
  return ctx.config.auth.email.smtp ? configured : Math.max(DEFAULT_EMAIL_RATE, configured)
}

function createMailer(ctx: StackContext, limiter: RateLimiter): Mailer {
  const smtp = ctx.config.auth.email.smtp
  return new Mailer({
    transport: smtp
      ? new SmtpTransport(smtp, ctx.mode === 'serve')
      : new InboxTransport(InboxStore.at(ctx.dataDir)),
    templates: loadTemplates(ctx.config),
    sender: smtp
      ? { name: smtp.senderName, address: smtp.adminEmail }
      : { name: ctx.config.inbucket.senderName, address: ctx.config.inbucket.adminEmail },
    limiter,
    log: ctx.log.child('auth'),
    logLinks: ctx.mode !== 'serve',
  })
}

function installWireFormat(app: FastifyInstance, rt: AuthRuntime): void {
  // GoTrue decodes every body as JSON whatever its content type; keep the text for the handlers.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_request, body, done) => done(null, body)
  )

  app.setErrorHandler((error, request, reply) => {
    const rendered = renderError(asAuthError(error), header(request, API_VERSION_HEADER))
    if (rendered.status >= 500) {
      const cause = error instanceof AuthError && error.cause !== undefined ? error.cause : error
      rt.ctx.log.error(`auth: ${request.method} ${request.url}: ${(error as Error).message}`, cause)
    }
    void reply.code(rendered.status).headers(rendered.headers).send(rendered.body)
  })

  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).type('text/plain; charset=utf-8').send('404 page not found\n')
  })
}

/** Fastify's own request errors (body too large, bad content length) in GoTrue's terms. */
function asAuthError(error: unknown): unknown {
  const fastifyError = error as Partial<FastifyError>
  if (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_')) {
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return ERRORS.validationFailed('http: request body too large', 413)
    }
    const status = fastifyError.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return ERRORS.badJson(`Could not read request body: ${fastifyError.message}`)
    }
  }
  return error
}
