// The set-up of workspaces-invite-limits.test.ts: a real SMTP server in this process as the project's
// (an address starting "bounce" refused), the stack's functions sending through it, small limits
// so that a test reaches them; workspaces-invite called as an inviter, the mails each address got,
// an admin added, and a Slack export of new people.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { parseMails } from './mail-capture.ts'
import { afterAll, beforeAll } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { importKit } from './imports.ts'
import { zipOf } from './slack-export.ts'
import { workspaceKit } from './workspaces.ts'
import type { Person } from './world.ts'

export const PER_INVITER = 3
export const PER_WORKSPACE = 5

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}
export interface Answer {
  status: number
  body: {
    sent?: string
    error?: string
    code?: string
    limit?: string | null
    max?: number | null
    resets_at?: string | null
  }
  retryAfter: string | null
}

export interface InviteMailStack {
  stack: TestStack
  smtp: SMTPServer
  /** Every mail the SMTP server took, in order. */
  mails: Mail[]
  kit: ReturnType<typeof workspaceKit>
  imports: ReturnType<typeof importKit>
  /** POSTs the body to workspaces-invite as `by`. */
  callInviteByEmail: (by: Person, body: unknown) => Promise<Answer>
  /** Makes an email invitation as `by` and asks workspaces-invite to mail it. */
  inviteByEmail: (by: Person, ws: string, email: string) => Promise<Answer>
  mailsTo: (addresses: string[]) => Mail[]
  makeAdmin: (ws: string, person: Person) => Promise<void>
}

/** Registers the file's beforeAll/afterAll; the stack and server are set once beforeAll has run. */
export function useInviteMailStack(): InviteMailStack {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const mails: Mail[] = []
  const t = { mails } as InviteMailStack
  const kit = workspaceKit(() => t.stack)
  const imports = importKit(() => t.stack)
  t.kit = kit
  t.imports = imports

  beforeAll(async () => {
    t.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // A mailbox that does not exist: the mail is refused.
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce')) {
          const refused = new Error('No such mailbox') as Error & { responseCode: number }
          refused.responseCode = 550
          callback(refused)
        } else callback()
      },
      onData: parseMails(({ to, subject, text, html }) => mails.push({ to, subject, text, html })),
    })
    await new Promise<void>((resolve) => t.smtp.listen(0, '127.0.0.1', resolve))
    // The functions' secrets (Deno.env falls back to the process environment on the stack).
    Object.assign(process.env, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String((t.smtp.server.address() as AddressInfo).port),
      SMTP_FROM: 'Chorus <no-reply@chorus.test>',
    })
    t.stack = await startTestStack({ workdir })
    // Small limits, so that a test reaches them (the defaults are 20 an hour and 100 a day).
    await t.stack.sql`
      update private.invite_mail_settings
      set value = case name when 'per_inviter_per_hour' then ${PER_INVITER}::int else ${PER_WORKSPACE}::int end`
  })

  afterAll(async () => {
    if (t.stack) await imports.settled()
    await t.stack?.stop()
    await new Promise<void>((resolve) => (t.smtp ? t.smtp.close(() => resolve()) : resolve()))
  })

  t.callInviteByEmail = async function callInviteByEmail(by: Person, body: unknown) {
    const response = await fetch(`${t.stack.url}/functions/v1/workspaces-invite`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${by.token}`,
        apikey: t.stack.anonKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    })
    return {
      status: response.status,
      body: (await response.json()) as Answer['body'],
      retryAfter: response.headers.get('retry-after'),
    }
  }

  t.inviteByEmail = async function inviteByEmail(
    by: Person,
    ws: string,
    email: string
  ): Promise<Answer> {
    const invite = await kit.invite(by, ws, { email })
    return t.callInviteByEmail(by, {
      token: invite.token,
      redirect_to: `http://127.0.0.1:3000/invite/${invite.token}`,
    })
  }

  t.mailsTo = (addresses: string[]) => mails.filter((m) => addresses.includes(m.to))

  t.makeAdmin = async function makeAdmin(ws: string, person: Person): Promise<void> {
    await t.stack.sql`
      insert into public.workspace_members (workspace_id, user_id, role) values (${ws}, ${person.id}, 'admin')`
  }
  return t
}

/** A Slack export of `n` new people, each with a message in one channel. */
export function slackArchive(who: string, n: number): { emails: string[]; zip: Uint8Array } {
  const tag = randomUUID().slice(0, 6)
  const people = Array.from({ length: n }, (_, i) => ({
    id: `U${i + 1}`,
    name: `${who}${i + 1}`,
    profile: { email: `${who}${i + 1}-${tag}@example.test`, real_name: `${who} ${i + 1}` },
  }))
  return {
    emails: people.map((p) => p.profile.email),
    zip: zipOf({
      'users.json': people,
      'channels.json': [
        { id: 'C1', name: 'general-chat', created: 1714500000, members: people.map((p) => p.id) },
      ],
      'general-chat/2024-05-01.json': people.map((p, i) => ({
        type: 'message',
        user: p.id,
        text: `hello from ${p.name}`,
        ts: `${1714550400 + i}.000100`,
      })),
    }),
  }
}
