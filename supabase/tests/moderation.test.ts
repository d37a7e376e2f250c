// Moderation over real HTTP with supabase-js (issue 35, part 4), reports: once each, reporters
// hidden from the reported person, listed to admins only (private channels included), dismissed
// into the audit log, and bad input answered with clear errors, never a 500. Removal of a message
// by an admin: moderation-removal.test.ts; suspension and removal from the workspace:
// moderation-suspension.test.ts. The set-up is support/moderation-world.ts's.
import { describe, expect, it } from 'vitest'
import { badReports, useModerationWorld } from './support/moderation-world.ts'
import { makeMessage } from './support/world.ts'

const t = useModerationWorld()
const { as, openReports, auditActions, readMessage } = t

describe('reports', () => {
  it('a member reports a message once, with a reason and a note, and sees only their own report', async () => {
    const message = await makeMessage(t.stack.sql, t.member2, t.world.ch.general, 'buy cheap pills')
    const first = await as(t.member).rpc('report_message', {
      p_message_id: message,
      p_reason: 'spam',
      p_note: '  an ad  ',
    })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({
      message_id: message,
      reporter_id: t.member.id,
      reason: 'spam',
      note: 'an ad',
    })

    const again = await as(t.member).rpc('report_message', {
      p_message_id: message,
      p_reason: 'other',
    })
    expect(again.error).toMatchObject({
      code: '23505',
      message: 'You already reported this message.',
    })
    expect(again.status).toBe(409)

    const mine = await as(t.member)
      .from('message_reports')
      .select('message_id, reason')
      .eq('message_id', message)
    expect(mine.data).toEqual([{ message_id: message, reason: 'spam' }])
    // the reported person reads no report of their message
    const theirs = await as(t.member2)
      .from('message_reports')
      .select('id')
      .eq('message_id', message)
    expect(theirs.error).toBeNull()
    expect(theirs.data).toEqual([])
  })

  it('refuses bad input with clear errors, never a 500', async () => {
    const message = await makeMessage(t.stack.sql, t.owner, t.world.ch.general, 'fine words')
    const cases = badReports(message, t.world.ch.quiet)
    for (const [args, status, text] of cases) {
      const result = await as(t.member).rpc('report_message', args)
      expect(result.status, JSON.stringify(args)).toBe(status)
      expect(result.error?.message).toBe(text)
    }
    const notUuid = await as(t.member).rpc('report_message', {
      p_message_id: 'nope',
      p_reason: 'spam',
    })
    expect(notUuid.status).toBe(400)
    expect(notUuid.error?.code).toBe('22P02')
    const own = await as(t.owner).rpc('report_message', { p_message_id: message, p_reason: 'spam' })
    expect(own.error?.message).toBe('You cannot report your own message.')
    // a message of a private channel the reporter is not in is not found
    const quiet = await makeMessage(t.stack.sql, t.owner, t.world.ch.quiet, 'private words')
    const hidden = await as(t.member2).rpc('report_message', {
      p_message_id: quiet,
      p_reason: 'spam',
    })
    expect(hidden.error?.message).toBe('Message not found.')
  })

  it('lists open reports to admins only, private channels included, without naming reporters to the reported', async () => {
    const quiet = await makeMessage(
      t.stack.sql,
      t.owner,
      t.world.ch.quiet,
      'something nasty in quiet'
    )
    expect(
      (
        await as(t.member).rpc('report_message', {
          p_message_id: quiet,
          p_reason: 'harassment',
          p_note: 'mean',
        })
      ).error
    ).toBeNull()

    const seenByAdmin = (await openReports(t.admin)).find((r) => r.message_id === quiet)
    expect(seenByAdmin).toMatchObject({
      channel_name: 'quiet',
      author_id: t.owner.id,
      body: 'something nasty in quiet',
      reports: [{ reporter_id: t.member.id, reason: 'harassment', note: 'mean' }],
    })
    // the admin is not in the private channel: nothing else of it is readable
    const other = await as(t.admin).from('messages').select('id').eq('channel_id', t.world.ch.quiet)
    expect(other.data).toEqual([])

    // the owner is the reported person: the report is listed without its reporter
    const seenByOwner = (await openReports(t.owner)).find((r) => r.message_id === quiet)
    expect(seenByOwner?.reports).toEqual([
      {
        reporter_id: null,
        reporter_name: null,
        reason: 'harassment',
        note: 'mean',
        created_at: expect.any(String),
      },
    ])

    for (const person of [t.member, t.outsider]) {
      const refused = await as(person).rpc('open_reports', { p_workspace_id: t.world.ws })
      expect(refused.status).toBe(403)
      expect(refused.error?.message).toBe('Only owners and admins can moderate this workspace.')
    }
    const bad = await as(t.admin).rpc('open_reports', { p_workspace_id: 'x' })
    expect(bad.status).toBe(400)
  })

  it('dismissing resolves every open report of the message, recorded in the audit log', async () => {
    const message = await makeMessage(t.stack.sql, t.member2, t.world.ch.general, 'a joke')
    for (const person of [t.member, t.admin]) {
      expect(
        (
          await as(person).rpc('report_message', {
            p_message_id: message,
            p_reason: 'inappropriate',
          })
        ).error
      ).toBeNull()
    }
    const refused = await as(t.member).rpc('dismiss_reports', { p_message_id: message })
    expect(refused.error?.message).toBe('Message not found.')
    const dismissed = await as(t.admin).rpc('dismiss_reports', { p_message_id: message })
    expect(dismissed.data).toBe(2)
    expect((await openReports(t.admin)).some((r) => r.message_id === message)).toBe(false)
    const twice = await as(t.admin).rpc('dismiss_reports', { p_message_id: message })
    expect(twice.error?.message).toBe('This message has no open reports.')
    expect(await auditActions(message)).toEqual(['report.dismissed'])
    expect((await readMessage(t.member, message))?.body).toBe('a joke')
  })
})
