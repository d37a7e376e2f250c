// The inbox's SMTP port ([inbucket] smtp_port, 54325 as in the Supabase CLI's Mailpit): what a
// project's own code sends through SMTP (an Edge Function with nodemailer, say) lands in the same
// inbox as Auth's mails, stored the same way, so the inbox pages and its Mailpit API show it.
// Loopback only, no TLS, any credentials accepted (as Mailpit does locally); a recipient that is
// not an address and a message over MAX_MESSAGE_BYTES are refused with SMTP errors.
import type { AddressInfo } from 'node:net'
import type { AddressObject, ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { SMTPServerDataStream } from 'smtp-server'
import type { Logger } from '../../logger.ts'
import type { Address, InboxStore } from './store.ts'

/** The largest message accepted (the SIZE the server advertises): 10 MiB. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024

/** Recipients of one message at most (Mailpit's default). */
const MAX_RECIPIENTS = 100

const ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+$/

export interface RunningSmtp {
  port: number
  close(): Promise<void>
}

/** An SMTP reply: smtp-server answers with the error's responseCode and message. */
function reply(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code })
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(field) ? field : field ? [field] : []
  return list.flatMap((group) =>
    group.value.map((a) => ({ Name: a.name ?? '', Address: a.address ?? '' }))
  )
}

function headerText(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? ''
  return line.slice(line.indexOf(':') + 1).trim()
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    // Past the limit the rest is drained, not kept; the message is refused at its end.
    if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk)
  }
  return stream.sizeExceeded || size > MAX_MESSAGE_BYTES ? null : Buffer.concat(chunks)
}

export async function startSmtp(options: {
  store: InboxStore
  port: number
  log: Logger
}): Promise<RunningSmtp> {
  const { store, log } = options
  const server = new SMTPServer({
    name: 'mail.supabase.local',
    banner: 'Supabase local inbox',
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    maxClients: 50,
    socketTimeout: 30_000,
    // Stopping the stack waits this long for open connections before closing them.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'local' })
    },
    onMailFrom(address, _session, callback) {
      if (address.address !== '' && !ADDRESS.test(address.address)) {
        return callback(reply(553, `5.1.7 Bad sender address syntax: ${address.address}`))
      }
      callback()
    },
    onRcptTo(address, session, callback) {
      if (!ADDRESS.test(address.address)) {
        return callback(reply(553, `5.1.3 Bad recipient address syntax: ${address.address}`))
      }
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(reply(452, '4.5.3 Too many recipients'))
      }
      callback()
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (!raw) {
            return callback(reply(552, `5.3.4 Message exceeds ${MAX_MESSAGE_BYTES} bytes`))
          }
          const { simpleParser } = await import('mailparser')
          const mail = await simpleParser(raw)
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address)
          const headerTo = addressesOf(mail.to)
          const from = addressesOf(mail.from)[0] ?? {
            Name: '',
            Address: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          }
          const stored = await store.add({
            from,
            to: headerTo.length > 0 ? headerTo : envelopeTo.map((a) => ({ Name: '', Address: a })),
            subject: mail.subject ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            text: mail.text ?? '',
            size: raw.length,
            listUnsubscribe: headerText(mail, 'list-unsubscribe'),
            listUnsubscribePost: headerText(mail, 'list-unsubscribe-post'),
          })
          log.debug(`inbox: SMTP mail ${stored.ID} to ${envelopeTo.join(', ')}`)
          callback(null, `Ok: queued as ${stored.ID}`)
        })
        .catch((error: unknown) => {
          log.warn('inbox: an SMTP message could not be stored', error)
          callback(reply(554, '5.6.0 The message could not be read'))
        })
    },
  })
  // A client's broken connection is its own business; the server goes on.
  server.on('error', (error) => log.debug(`inbox SMTP: ${error.message}`))
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.server.once('error', onError)
    server.listen(options.port, '127.0.0.1', () => {
      server.server.off('error', onError)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
