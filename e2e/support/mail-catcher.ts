// The suite's own mail server for the production arrangement: `serve` has no inbox, so Auth's mail
// ([auth.email.smtp]) and the functions' (notifications-email, which serve gives the same server) go to
// a real SMTP server the global setup runs (the `smtp-server` library, on a free loopback port,
// with the AUTH that serve's settings carry), each message parsed with `mailparser`. The workers
// are other processes: they read what it caught through a Mailpit-shaped JSON API of its own, on
// another loopback port, the part of Mailpit's API the local inbox serves and the specs read
// (support/inbox.ts, notifications-email.spec.ts): GET /api/v1/search?query=to:ADDRESS and
// GET /api/v1/message/ID.
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import type { AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'

interface Caught {
  ID: string
  Created: string
  Subject: string
  From: { Address: string; Name: string }
  To: { Address: string; Name: string }[]
  Text: string
  HTML: string
}

export interface MailCatcher {
  /** The SMTP port (127.0.0.1) serve sends through. */
  smtpPort: number
  /** The Mailpit-shaped API's base URL (its /api/v1). */
  apiUrl: string
  /** SMTP user and password serve logs in with (any are taken; these are what the config says). */
  user: string
  pass: string
  /** Every mail caught so far, oldest first. */
  caught(): readonly Caught[]
  close(): Promise<void>
}

function addresses(value: AddressObject | AddressObject[] | undefined): Caught['To'] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  return list.flatMap((group) =>
    group.value.map((a) => ({ Address: (a.address ?? '').toLowerCase(), Name: a.name ?? '' }))
  )
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const user = 'chorus'
  const pass = 'suite-smtp-password'
  const mails: Caught[] = []
  let counter = 0
  const smtp = new SMTPServer({
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          counter += 1
          const to = addresses(mail.to)
          // The envelope's recipients too (a Bcc is in no header).
          for (const rcpt of session.envelope.rcptTo) {
            const address = rcpt.address.toLowerCase()
            if (!to.some((t) => t.Address === address)) to.push({ Address: address, Name: '' })
          }
          mails.push({
            ID: `m${String(counter).padStart(6, '0')}`,
            Created: new Date().toISOString(),
            Subject: mail.subject ?? '',
            From: addresses(mail.from)[0] ?? { Address: '', Name: '' },
            To: to,
            Text: mail.text ?? '',
            HTML: typeof mail.html === 'string' ? mail.html : '',
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port))
  })

  const api: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catcher')
    const json = (status: number, body: unknown): void =>
      void response
        .writeHead(status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(body))
    if (url.pathname === '/api/v1/search') {
      // Mailpit's `to:ADDRESS`, the one search the suite makes.
      const query = url.searchParams.get('query') ?? ''
      const to = /^to:(\S+)$/.exec(query.trim())?.[1]?.toLowerCase()
      if (!to) return json(400, { error: `only to:ADDRESS is searched here, not ${query}` })
      const found = mails
        .filter((m) => m.To.some((t) => t.Address === to))
        .reverse()
        .map(({ Text: _text, HTML: _html, ...summary }) => summary)
      return json(200, { total: found.length, messages_count: found.length, messages: found })
    }
    const id = /^\/api\/v1\/message\/([^/]+)$/.exec(url.pathname)?.[1]
    if (id) {
      const mail = mails.find((m) => m.ID === id)
      return mail ? json(200, mail) : json(404, { error: 'not found' })
    }
    json(404, { error: 'not found' })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`

  return {
    smtpPort,
    apiUrl,
    user,
    pass,
    caught: () => mails,
    async close() {
      api.closeAllConnections()
      await new Promise<void>((resolve) => api.close(() => resolve()))
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}
