// The tests' SMTP servers parse each mail they take (mailparser) into what the tests look at.
import { simpleParser } from 'mailparser'
import type { SMTPServerOptions } from 'smtp-server'

export interface CapturedMail {
  to: string
  subject: string
  text: string
  html: string
  /** Header lines by their lowercase name, values as sent. */
  headers: Record<string, string>
}

/** An SMTP server's onData that parses each mail and hands it to `keep`. */
export function parseMails(keep: (mail: CapturedMail) => void): SMTPServerOptions['onData'] {
  return (stream, _session, callback) => {
    simpleParser(stream)
      .then((m) => {
        const to = Array.isArray(m.to) ? m.to[0] : m.to
        keep({
          to: to?.text ?? '',
          subject: m.subject ?? '',
          text: m.text ?? '',
          html: typeof m.html === 'string' ? m.html : '',
          headers: Object.fromEntries(
            m.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])
          ),
        })
        callback()
      })
      .catch(callback)
  }
}
