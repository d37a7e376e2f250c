// Sends Auth's emails: rendered from the templates, through the configured SMTP server (nodemailer)
// or into the local inbox, with the links printed in the log. The hourly email rate limit applies
// to every message, as GoTrue's does.
import type { Transporter } from 'nodemailer'
import type { SmtpConfig } from '../../config/project-config.ts'
import type { Logger } from '../../logger.ts'
import { EMAIL_RATE_LIMIT, ERRORS } from '../errors.ts'
import type { InboxStore } from '../inbox/store.ts'
import { linksOf } from '../inbox/store.ts'
import type { RateLimiter } from '../http/rate-limit.ts'
import { renderTemplate } from './templates.ts'
import type { MailKind, MailTemplate, TemplateData } from './templates.ts'

export interface OutgoingMail {
  from: { name: string; address: string }
  to: string
  subject: string
  html: string
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
  close?(): void
}

export class SmtpTransport implements MailTransport {
  /** nodemailer's transporter, made (and nodemailer loaded) for the first message. */
  private transporter: Promise<Transporter> | null = null

  /** `verifyTls`: check the server's certificate (`serve`); local and test servers use their own. */
  constructor(
    private readonly smtp: SmtpConfig,
    private readonly verifyTls = false
  ) {}

  private connect(): Promise<Transporter> {
    const smtp = this.smtp
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        auth: smtp.user !== '' ? { user: smtp.user, pass: smtp.pass } : undefined,
        // Local and test SMTP servers commonly use self-signed certificates.
        tls: { rejectUnauthorized: this.verifyTls },
      })
    )
    return this.transporter
  }

  async send(mail: OutgoingMail): Promise<void> {
    const transporter = await this.connect()
    await transporter.sendMail({
      from: { name: mail.from.name, address: mail.from.address },
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
    })
  }

  close(): void {
    void this.transporter?.then((transporter) => transporter.close()).catch(() => undefined)
  }
}

export class InboxTransport implements MailTransport {
  constructor(private readonly store: InboxStore) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.store.add({
      from: { Name: mail.from.name, Address: mail.from.address },
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
    })
  }
}

export interface MailerOptions {
  transport: MailTransport
  templates: Record<MailKind, MailTemplate>
  sender: { name: string; address: string }
  limiter: RateLimiter
  log: Logger
  /** Log the links of each mail (`start`; never `serve`, whose logs must not sign anyone in). */
  logLinks: boolean
}

export class Mailer {
  constructor(private readonly options: MailerOptions) {}

  /** Renders and sends one email; a 429 when the hourly email limit is used up. */
  async send(kind: MailKind, to: string, data: TemplateData): Promise<void> {
    if (!this.options.limiter.take('email')) {
      throw ERRORS.overEmailSendRateLimit(EMAIL_RATE_LIMIT)
    }
    const template = this.options.templates[kind]
    const html = renderTemplate(template.content, data)
    const subject = renderTemplate(template.subject, data, false)
    await this.options.transport.send({ from: this.options.sender, to, subject, html })
    const links = this.options.logLinks ? linksOf(html) : []
    this.options.log.info(
      `Email "${subject}" to ${to}${links.length > 0 ? `: ${links.join(' ')}` : ''}`
    )
  }

  close(): void {
    this.options.transport.close?.()
  }
}
