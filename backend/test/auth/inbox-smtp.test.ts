// The inbox's SMTP port ([inbucket] smtp_port, as Mailpit's in the Supabase CLI): a mail sent with
// nodemailer lands in the same inbox as Auth's, read through the Mailpit API and the inbox pages;
// malformed input is an SMTP error and the port goes on serving; stopping the stack closes it.
import { connect } from 'node:net'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_MESSAGE_BYTES } from '../../src/auth/inbox/smtp.ts'
import { startTestStack } from '../support/stack.ts'
import { authConfig, inboxFor, inboxUrl, uniqueEmail } from './support.ts'
import type { TestStack } from './support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ config: authConfig() })
})

afterAll(async () => {
  await stack?.stop()
})

function transport(port = stack.inboxSmtpPort!) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false })
}

/** One SMTP conversation, line by line: the server's reply to each command. */
async function converse(port: number, commands: string[]): Promise<string[]> {
  const socket = connect(port, '127.0.0.1')
  let buffer = ''
  const waiters: ((line: string) => void)[] = []
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    let end: number
    // A reply's last line has a space after the code ("250 Ok"); "250-..." lines continue it.
    while ((end = buffer.search(/^\d{3} .*\r\n/m)) !== -1) {
      const stop = buffer.indexOf('\r\n', end) + 2
      const reply = buffer.slice(0, stop)
      buffer = buffer.slice(stop)
      waiters.shift()?.(reply.trim().split('\r\n').at(-1)!)
    }
  })
  const next = () => new Promise<string>((resolve) => waiters.push(resolve))
  const replies = [await next()]
  for (const command of commands) {
    const reply = next()
    socket.write(`${command}\r\n`)
    replies.push(await reply)
  }
  socket.end()
  return replies
}

describe('the inbox SMTP port', () => {
  it('stores a mail sent with nodemailer as the Mailpit API and pages show it', async () => {
    const to = uniqueEmail('smtp')
    const info = await transport().sendMail({
      from: 'Chorus <no-reply@chorus.test>',
      to,
      subject: 'Alice wrote to you in #general',
      text: 'Hi,\n\n@you the deploy is stuck\nOpen: http://chorus.test/w/1/c/2/m/3',
      html: '<p>@you the deploy is stuck <a href="http://chorus.test/w/1/c/2/m/3">Open</a></p>',
      headers: {
        'List-Unsubscribe': '<http://chorus.test/unsubscribe?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
    expect(info.accepted).toEqual([to])
    const [mail] = await inboxFor(stack, to)
    expect(mail).toMatchObject({
      Subject: 'Alice wrote to you in #general',
      To: [{ Address: to }],
      From: { Name: 'Chorus', Address: 'no-reply@chorus.test' },
      ListUnsubscribe: {
        Header: '<http://chorus.test/unsubscribe?token=abc>',
        Links: ['http://chorus.test/unsubscribe?token=abc'],
        HeaderPost: 'List-Unsubscribe=One-Click',
      },
    })
    expect(mail!.Text).toContain('Open: http://chorus.test/w/1/c/2/m/3')
    expect(mail!.HTML).toContain('href="http://chorus.test/w/1/c/2/m/3"')
    const page = await fetch(`${inboxUrl(stack)}/?query=${encodeURIComponent(`to:${to}`)}`)
    expect(await page.text()).toContain('Alice wrote to you in #general')
  })

  it('refuses a recipient that is not an address, and goes on serving', async () => {
    const replies = await converse(stack.inboxSmtpPort!, [
      'EHLO test',
      'MAIL FROM:<a@chorus.test>',
      'RCPT TO:<not an address>',
      'RCPT TO:<me,you@chorus.test>',
      'QUIT',
    ])
    // The first smtp-server's own parser refuses; the second is parsed and then refused here.
    expect(replies[3]).toMatch(/^501 .*Bad recipient address syntax/)
    expect(replies[4]).toMatch(/^553 5\.1\.3 Bad recipient address syntax: me,you@chorus\.test$/)
    const to = uniqueEmail('after-bad')
    await transport().sendMail({ from: 'a@chorus.test', to, subject: 'still here', text: 'ok' })
    expect((await inboxFor(stack, to)).map((m) => m.Subject)).toEqual(['still here'])
  })

  it('refuses a message over the size limit with 552, by SIZE and by its data', async () => {
    const to = uniqueEmail('big')
    const size = MAX_MESSAGE_BYTES + 1
    const announced = await converse(stack.inboxSmtpPort!, [
      'EHLO test',
      `MAIL FROM:<a@chorus.test> SIZE=${size}`,
      'QUIT',
    ])
    expect(announced[2]).toMatch(/^552 /)
    await expect(
      transport().sendMail({
        from: 'a@chorus.test',
        to,
        subject: 'too big',
        text: 'x'.repeat(size),
      })
    ).rejects.toMatchObject({ responseCode: 552 })
    expect(await inboxFor(stack, to)).toEqual([])
  })

  it('is closed once the stack stops', async () => {
    const own = await startTestStack({ config: authConfig() })
    const port = own.inboxSmtpPort!
    await transport(port).verify()
    await own.stop()
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve('connected')
      })
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? ''))
    })
    expect(refused).toBe('ECONNREFUSED')
  })
})
