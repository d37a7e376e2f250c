// An SMTP server of the spec's own, for a `serve` stack: production mode has no local inbox, so
// Auth's mail goes to [auth.email.smtp], which points here. Keeps what it receives, parsed.
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { expect } from '@playwright/test'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
}

export interface TestSmtp {
  port: number
  mails: ReceivedMail[]
  /** Waits for a mail to `to` whose subject matches, and returns the first link in it. */
  linkFrom(to: string, subject: RegExp): Promise<string>
  close(): Promise<void>
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'serve' })
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address() as { port: number }
      resolve(address.port)
    })
  })
  return {
    port,
    mails,
    async linkFrom(to, subject) {
      const find = () =>
        mails.findLast((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
      await expect
        .poll(() => !!find(), { message: `a mail to ${to} with subject ${subject}` })
        .toBe(true)
      const mail = find()!
      const link = (
        /href="([^"]+)"/.exec(mail.html)?.[1] ?? /(https?:\/\/\S+)/.exec(mail.text)?.[1]
      )?.replace(/&amp;/g, '&')
      if (!link) throw new Error(`no link in the mail "${mail.subject}" to ${to}`)
      return link
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
