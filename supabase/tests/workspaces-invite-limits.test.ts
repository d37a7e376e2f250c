// Mail limits that stop one person, not everyone (issue 49, item 2), end to end on the stack:
// workspaces-invite counts each invitation mail for the inviter (per hour) and the workspace (per
// day) before it goes out, and sends it through the project's SMTP (a real SMTP server in this
// process, as the project's would be), not through Auth's mailer. One inviter past their limit
// gets 429 with the limit and when it resets, and no mail; the mails that went out are counted;
// another person's invitation still goes out, and so does a password reset (Auth's own mail, in
// the stack's inbox, whose hourly budget invitations no longer touch). An import emails nobody
// and makes no account (its people are placeholders, issue 49, item 1; asked to invite, it is
// refused): its owner invites them afterwards as one action, within the same limits. The SMTP
// server and the set-up are support/workspaces-invite.ts's.
import { describe, expect, it } from 'vitest'
import { inboxFor } from '../../backend/test/auth/support.ts'
import {
  PER_INVITER,
  PER_WORKSPACE,
  slackArchive,
  useInviteMailStack,
} from './support/workspaces-invite.ts'
import type { Answer } from './support/workspaces-invite.ts'
import { clientFor } from './support/rest-checker.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useInviteMailStack()
const { kit, imports, inviteByEmail, mailsTo, makeAdmin } = t

describe('invitation mail limits', () => {
  let ana: Person
  let anaWs: string
  const anaAddresses = Array.from(
    { length: PER_INVITER + 3 },
    (_, i) => `ana-guest-${i}@example.test`
  )

  it('one inviter past their hourly limit gets a clear 429 and no mail; the mails that went out are counted', async () => {
    ana = await createPerson(t.stack, 'ana')
    anaWs = (await kit.createWorkspace(ana, 'Ana’s team')).id
    const answers: Answer[] = []
    for (const address of anaAddresses) answers.push(await inviteByEmail(ana, anaWs, address))

    expect(answers.slice(0, PER_INVITER).map((a) => [a.status, a.body.sent])).toEqual(
      Array.from({ length: PER_INVITER }, () => [200, 'invite'])
    )
    for (const refused of answers.slice(PER_INVITER)) {
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({
        code: 'invite_limit_reached',
        limit: 'per_inviter_per_hour',
        max: PER_INVITER,
      })
      expect(refused.body.error).toMatch(
        new RegExp(
          `^You have sent ${PER_INVITER} invitations by email in the last hour, the most one person may send\\. You can send more after \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`
        )
      )
      // It frees up an hour after the first of them.
      const resets = new Date(refused.body.resets_at!).getTime()
      expect(resets).toBeGreaterThan(Date.now() + 58 * 60_000)
      expect(resets).toBeLessThanOrEqual(Date.now() + 60 * 60_000)
      expect(Number(refused.retryAfter)).toBeGreaterThan(58 * 60)
    }

    // Exactly the allowed mails went out, through SMTP, saying who invited them to what.
    const sent = mailsTo(anaAddresses)
    expect(sent.map((m) => m.to).sort()).toEqual(anaAddresses.slice(0, PER_INVITER).sort())
    for (const mail of sent) {
      expect(mail.subject).toBe('ana invited you to Ana’s team on Chorus')
      expect(mail.text).toContain(`${t.stack.url}/auth/v1/verify?token=`)
    }
    // None went through Auth's mailer (its inbox), whose budget is the confirmations' and resets'.
    for (const address of anaAddresses) expect(await inboxFor(t.stack, address)).toEqual([])
    expect(
      (
        await t.stack
          .sql`select count(*)::int as n from private.invite_mails where inviter = ${ana.id}`
      )[0]!.n
    ).toBe(PER_INVITER)
  })

  it('the RPC refuses the same way through the API: HTTP 429, SQLSTATE PT429', async () => {
    const invite = await kit.invite(ana, anaWs, { email: 'ana-direct@example.test' })
    const { error, status } = await clientFor(t.stack, ana).rpc('claim_invite_mail', {
      p_token: invite.token,
    })
    expect(status).toBe(429)
    expect(error).toMatchObject({ code: 'PT429', details: 'invite_limit_reached' })
    expect(JSON.parse(error!.hint)).toMatchObject({
      limit: 'per_inviter_per_hour',
      max: PER_INVITER,
    })
    // Someone who is not an admin of the workspace cannot take mails at all.
    const stranger = await createPerson(t.stack, 'stranger')
    const refused = await clientFor(t.stack, stranger).rpc('claim_invite_mail', {
      p_token: invite.token,
    })
    expect(refused.error).toMatchObject({ code: '42501', details: 'email_invite_not_yours' })
    // Nor give them back: only the function's service key may.
    const [row] = await t.stack.sql<{ id: string }[]>`
      select id::text from private.invite_mails where inviter = ${ana.id} limit 1`
    const release = await clientFor(t.stack, ana).rpc('release_invite_mail', {
      p_id: Number(row!.id),
    })
    expect(release.error?.code).toBe('42501')
    expect(
      (
        await t.stack
          .sql`select count(*)::int as n from private.invite_mails where inviter = ${ana.id}`
      )[0]!.n
    ).toBe(PER_INVITER)
  })

  it("another person's invitation and a password reset are still mailed", async () => {
    const bo = await createPerson(t.stack, 'bo')
    const boWs = (await kit.createWorkspace(bo, 'Bo’s team')).id
    const answer = await inviteByEmail(bo, boWs, 'bo-guest@example.test')
    expect(answer).toMatchObject({ status: 200, body: { sent: 'invite' } })
    const [mail] = mailsTo(['bo-guest@example.test'])
    expect(mail?.subject).toBe('bo invited you to Bo’s team on Chorus')
    // The link signs the new account in and lands on the invite page.
    const link = /href="([^"]+)"/.exec(mail!.html)![1]!.replace(/&amp;/g, '&')
    const followed = await fetch(link, { redirect: 'manual' })
    expect(followed.status).toBe(303)
    const location = followed.headers.get('location') ?? ''
    expect(location.startsWith('http://127.0.0.1:3000/invite/')).toBe(true)
    expect(location).toContain('access_token=')

    // Someone with an account gets a sign-in link to the invite page, under the same limits.
    const dee = await createPerson(t.stack, 'dee')
    expect(await inviteByEmail(bo, boWs, dee.email)).toMatchObject({
      status: 200,
      body: { sent: 'magic_link' },
    })
    expect(mailsTo([dee.email]).map((m) => m.subject)).toEqual([
      'bo invited you to Bo’s team on Chorus',
    ])

    // A password reset: Auth's own mail, in the stack's inbox.
    const reset = await t.stack.client().auth.resetPasswordForEmail(ana.email)
    expect(reset.error).toBeNull()
    const inbox = await inboxFor(t.stack, ana.email)
    expect(inbox.map((m) => m.Subject)).toHaveLength(1)
  })

  it("a workspace's admins together stop at its daily limit, with its own clear error", async () => {
    const cy = await createPerson(t.stack, 'cy')
    await makeAdmin(anaWs, cy)
    const left = PER_WORKSPACE - PER_INVITER
    const addresses = Array.from({ length: left + 1 }, (_, i) => `cy-guest-${i}@example.test`)
    const answers: Answer[] = []
    for (const address of addresses) answers.push(await inviteByEmail(cy, anaWs, address))
    expect(answers.map((a) => a.status)).toEqual([...Array.from({ length: left }, () => 200), 429])
    expect(answers[left]!.body).toMatchObject({
      limit: 'per_workspace_per_day',
      max: PER_WORKSPACE,
    })
    expect(answers[left]!.body.error).toMatch(
      new RegExp(
        `^This workspace has sent ${PER_WORKSPACE} invitations by email in the last 24 hours, the most a workspace may send\\.`
      )
    )
    expect(
      mailsTo(addresses)
        .map((m) => m.to)
        .sort()
    ).toEqual(addresses.slice(0, left).sort())
  })

  it('a mail that could not be sent is given back', async () => {
    const ed = await createPerson(t.stack, 'ed')
    const edWs = (await kit.createWorkspace(ed, 'Ed’s team')).id
    // The SMTP server refuses the address.
    const answer = await inviteByEmail(ed, edWs, 'bounce@example.test')
    expect(answer.status).toBe(502)
    expect(answer.body.error).toMatch(/^The invitation could not be mailed: .*No such mailbox/)
    expect(
      (
        await t.stack
          .sql`select count(*)::int as n from private.invite_mails where inviter = ${ed.id}`
      )[0]!.n
    ).toBe(0)
  })

  it('an import emails nobody, and makes no account: asked to invite, it is refused', async () => {
    const fay = await createPerson(t.stack, 'fay')
    // The old call, and p_invite => false: placeholders for the people, no account, no mail.
    for (const [name, invite] of [
      ['quiet', undefined],
      ['hushed', false],
    ] as const) {
      const { emails, zip } = slackArchive(name, 2)
      const ws = await imports.workspace(fay, `Fay ${name}`)
      const path = await imports.upload(fay, ws, zip)
      const started = await imports.start(fay, ws, path, invite === undefined ? {} : { invite })
      const done = await imports.ended(started.id)
      expect(done).toMatchObject({ status: 'done', people: 2, messages_done: 2 })
      expect(done.report).toEqual([])
      expect(mailsTo(emails)).toEqual([])
      for (const email of emails) expect(await inboxFor(t.stack, email)).toEqual([])
      expect(
        await t.stack.sql`select 1 from public.invites where workspace_id = ${ws}`
      ).toHaveLength(0)
      const accounts = await t.stack
        .sql`select email from auth.users where email in ${t.stack.sql(emails)}`
      expect(accounts).toHaveLength(0)
    }
    // p_invite => true: invitations are the owner's own action once the import is done.
    const { emails, zip } = slackArchive('asked', 2)
    const ws = await imports.workspace(fay, 'Fay asked')
    const path = await imports.upload(fay, ws, zip)
    const refused = await clientFor(t.stack, fay).rpc('start_import', {
      p_workspace: ws,
      p_path: path,
      p_invite: true,
    })
    expect(refused.error).toMatchObject({ code: '22023', message: 'An import emails nobody.' })
    expect(await t.stack.sql`select 1 from public.imports where workspace_id = ${ws}`).toHaveLength(
      0
    )
    expect(mailsTo(emails)).toEqual([])
    expect(
      await t.stack.sql`select 1 from private.invite_mails where inviter = ${fay.id}`
    ).toHaveLength(0)
  })

  it("an import's owner invites its people afterwards: how many first, then one action, within the limits", async () => {
    const gil = await createPerson(t.stack, 'gil')
    const { emails, zip } = slackArchive('later', PER_INVITER + 1)
    const ws = await imports.workspace(gil, 'Gil later')
    const started = await imports.start(gil, ws, await imports.upload(gil, ws, zip))
    expect(await imports.ended(started.id)).toMatchObject({ status: 'done', people: emails.length })
    expect(mailsTo(emails)).toEqual([])

    // The preview: who is still to invite, and how many mails the limits allow now.
    const as = clientFor(t.stack, gil)
    const preview = await as.rpc('import_invitees', { p_import: started.id })
    expect(preview.error).toBeNull()
    expect((preview.data as { email: string }[]).map((p) => p.email)).toEqual([...emails].sort())
    const allowance = await as.rpc('invite_mail_allowance', { p_workspace: ws }).single()
    expect(allowance.data).toEqual({
      per_inviter_left: PER_INVITER,
      per_workspace_left: PER_WORKSPACE,
      per_inviter_per_hour: PER_INVITER,
      per_workspace_per_day: PER_WORKSPACE,
    })
    // Nobody else sees them.
    const stranger = await createPerson(t.stack, 'stranger2')
    const hidden = await clientFor(t.stack, stranger).rpc('import_invitees', {
      p_import: started.id,
    })
    expect(hidden.error).toMatchObject({ code: '42501', details: 'workspace_owner_only' })
    expect(await t.callInviteByEmail(stranger, { import_id: started.id })).toMatchObject({
      status: 403,
      body: { code: 'workspace_owner_only' },
    })

    // One action invites them, up to the limit: the rest are left, with the clear error.
    const answer = await t.callInviteByEmail(gil, { import_id: started.id })
    expect(answer.status).toBe(429)
    expect(answer.body).toMatchObject({
      code: 'invite_limit_reached',
      limit: 'per_inviter_per_hour',
      max: PER_INVITER,
      invited: PER_INVITER,
      failed: [],
      left: 1,
    })
    const sent = mailsTo(emails)
    expect(sent).toHaveLength(PER_INVITER)
    for (const mail of sent) expect(mail.subject).toBe('gil invited you to Gil later on Chorus')
    const rest = await as.rpc('import_invitees', { p_import: started.id })
    expect((rest.data as { email: string }[]).map((p) => p.email)).toEqual(
      emails.filter((e) => !sent.some((m) => m.to === e))
    )
    // The refused one has no invite left behind; the others' invites are the workspace's.
    expect(
      await t.stack.sql`select count(*)::int as n from public.invites where workspace_id = ${ws}`
    ).toEqual([{ n: PER_INVITER }])
  })
})
