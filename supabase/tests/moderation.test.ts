// Moderation over real HTTP with supabase-js (issue 35, part 4): reports (once each, reporters
// hidden from the reported person, listed to admins only, private channels included), removal
// of a message by an admin (text, files, edit history and search hidden from everyone, the
// channel told live, restored as it was), the audit log, and bad input answered with clear
// errors, never a 500. Suspension and removal from the workspace: moderation-suspension.test.ts.
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { auditActions as auditOf, readMessage as readAs } from './support/moderation.ts'
import { clientFor } from './support/rest-checker.ts'
import { searchAs, uniqueWord } from './support/search.ts'
import { asUser, attachmentPath, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let owner: Person, admin: Person, member: Person, member2: Person, outsider: Person

const as = (person: Person): SupabaseClient => clientFor(stack, person)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  ;({ owner, admin, member, member2, outsider } = world.people)
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

interface OpenReport {
  message_id: string
  channel_name: string
  author_id: string
  author_name: string
  body: string
  files: { name: string }[]
  reports: {
    reporter_id: string | null
    reporter_name: string | null
    reason: string
    note: string | null
  }[]
}

async function openReports(person: Person): Promise<OpenReport[]> {
  const { data, error } = await as(person).rpc('open_reports', { p_workspace_id: world.ws })
  expect(error).toBeNull()
  return data as OpenReport[]
}

const auditActions = (target: string) => auditOf(stack.sql, world.ws, target)
const readMessage = (person: Person, id: string) => readAs(as(person), id)

describe('reports', () => {
  it('a member reports a message once, with a reason and a note, and sees only their own report', async () => {
    const message = await makeMessage(stack.sql, member2, world.ch.general, 'buy cheap pills')
    const first = await as(member).rpc('report_message', {
      p_message_id: message,
      p_reason: 'spam',
      p_note: '  an ad  ',
    })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({
      message_id: message,
      reporter_id: member.id,
      reason: 'spam',
      note: 'an ad',
    })

    const again = await as(member).rpc('report_message', {
      p_message_id: message,
      p_reason: 'other',
    })
    expect(again.error).toMatchObject({
      code: '23505',
      message: 'You already reported this message.',
    })
    expect(again.status).toBe(409)

    const mine = await as(member)
      .from('message_reports')
      .select('message_id, reason')
      .eq('message_id', message)
    expect(mine.data).toEqual([{ message_id: message, reason: 'spam' }])
    // the reported person reads no report of their message
    const theirs = await as(member2).from('message_reports').select('id').eq('message_id', message)
    expect(theirs.error).toBeNull()
    expect(theirs.data).toEqual([])
  })

  it('refuses bad input with clear errors, never a 500', async () => {
    const message = await makeMessage(stack.sql, owner, world.ch.general, 'fine words')
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { p_message_id: message, p_reason: 'rude' },
        400,
        'Choose a reason: spam, harassment, inappropriate or other.',
      ],
      [
        { p_message_id: message, p_reason: null },
        400,
        'Choose a reason: spam, harassment, inappropriate or other.',
      ],
      [
        { p_message_id: message, p_reason: 'other', p_note: 'x'.repeat(501) },
        400,
        "A report's note can be at most 500 characters.",
      ],
      [{ p_message_id: crypto.randomUUID(), p_reason: 'spam' }, 400, 'Message not found.'],
      [{ p_message_id: world.ch.quiet, p_reason: 'spam' }, 400, 'Message not found.'],
    ]
    for (const [args, status, text] of cases) {
      const result = await as(member).rpc('report_message', args)
      expect(result.status, JSON.stringify(args)).toBe(status)
      expect(result.error?.message).toBe(text)
    }
    const notUuid = await as(member).rpc('report_message', {
      p_message_id: 'nope',
      p_reason: 'spam',
    })
    expect(notUuid.status).toBe(400)
    expect(notUuid.error?.code).toBe('22P02')
    const own = await as(owner).rpc('report_message', { p_message_id: message, p_reason: 'spam' })
    expect(own.error?.message).toBe('You cannot report your own message.')
    // a message of a private channel the reporter is not in is not found
    const quiet = await makeMessage(stack.sql, owner, world.ch.quiet, 'private words')
    const hidden = await as(member2).rpc('report_message', {
      p_message_id: quiet,
      p_reason: 'spam',
    })
    expect(hidden.error?.message).toBe('Message not found.')
  })

  it('lists open reports to admins only, private channels included, without naming reporters to the reported', async () => {
    const quiet = await makeMessage(stack.sql, owner, world.ch.quiet, 'something nasty in quiet')
    expect(
      (
        await as(member).rpc('report_message', {
          p_message_id: quiet,
          p_reason: 'harassment',
          p_note: 'mean',
        })
      ).error
    ).toBeNull()

    const seenByAdmin = (await openReports(admin)).find((r) => r.message_id === quiet)
    expect(seenByAdmin).toMatchObject({
      channel_name: 'quiet',
      author_id: owner.id,
      body: 'something nasty in quiet',
      reports: [{ reporter_id: member.id, reason: 'harassment', note: 'mean' }],
    })
    // the admin is not in the private channel: nothing else of it is readable
    const other = await as(admin).from('messages').select('id').eq('channel_id', world.ch.quiet)
    expect(other.data).toEqual([])

    // the owner is the reported person: the report is listed without its reporter
    const seenByOwner = (await openReports(owner)).find((r) => r.message_id === quiet)
    expect(seenByOwner?.reports).toEqual([
      {
        reporter_id: null,
        reporter_name: null,
        reason: 'harassment',
        note: 'mean',
        created_at: expect.any(String),
      },
    ])

    for (const person of [member, outsider]) {
      const refused = await as(person).rpc('open_reports', { p_workspace_id: world.ws })
      expect(refused.status).toBe(403)
      expect(refused.error?.message).toBe('Only owners and admins can moderate this workspace.')
    }
    const bad = await as(admin).rpc('open_reports', { p_workspace_id: 'x' })
    expect(bad.status).toBe(400)
  })

  it('dismissing resolves every open report of the message, recorded in the audit log', async () => {
    const message = await makeMessage(stack.sql, member2, world.ch.general, 'a joke')
    for (const person of [member, admin]) {
      expect(
        (
          await as(person).rpc('report_message', {
            p_message_id: message,
            p_reason: 'inappropriate',
          })
        ).error
      ).toBeNull()
    }
    const refused = await as(member).rpc('dismiss_reports', { p_message_id: message })
    expect(refused.error?.message).toBe('Message not found.')
    const dismissed = await as(admin).rpc('dismiss_reports', { p_message_id: message })
    expect(dismissed.data).toBe(2)
    expect((await openReports(admin)).some((r) => r.message_id === message)).toBe(false)
    const twice = await as(admin).rpc('dismiss_reports', { p_message_id: message })
    expect(twice.error?.message).toBe('This message has no open reports.')
    expect(await auditActions(message)).toEqual(['report.dismissed'])
    expect((await readMessage(member, message))?.body).toBe('a joke')
  })
})

describe('removal by an admin', () => {
  it('hides the text, files, edit history and search hit from everyone, live, and restores it all', async () => {
    const word = uniqueWord()
    const message = crypto.randomUUID()
    const filePath = await attachmentPath(stack.sql, world.ch.general, message)
    const uploaded = await as(member)
      .storage.from('attachments')
      .upload(filePath, new Blob(['the notes'], { type: 'text/plain' }))
    expect(uploaded.error).toBeNull()
    const sent = await as(member).rpc('send_message', {
      p_id: message,
      p_channel_id: world.ch.general,
      p_body: 'see file',
      p_attachments: [{ path: filePath }],
    })
    expect(sent.error).toBeNull()
    expect((await as(member2).storage.from('attachments').download(filePath)).error).toBeNull()
    await asUser(
      stack.sql,
      member,
      (tx) => tx`select public.edit_message(${message}, ${`offensive ${word}`})`
    )
    const reply = crypto.randomUUID()
    await asUser(
      stack.sql,
      member2,
      (tx) =>
        tx`select public.send_message(${reply}, ${world.ch.general}, ${'a reply stays'}, '[]'::jsonb, ${message})`
    )
    expect(
      (await searchAs(stack.sql, member2, { workspace: world.ws, terms: [word] })).map((h) => h.id)
    ).toEqual([message])
    expect(
      (await as(member2).rpc('report_message', { p_message_id: message, p_reason: 'harassment' }))
        .error
    ).toBeNull()

    const inbox = new Inbox()
    const live = await joinPrivate(stack, owner, liveTopic.channel(world.ch.general), inbox)
    expect(live.joined).toBe(true)
    try {
      const refused = await as(member2).rpc('remove_message', { p_message_id: message })
      expect(refused.error?.message).toBe('Message not found.')
      const removed = await as(admin).rpc('remove_message', { p_message_id: message })
      expect(removed.error).toBeNull()
      await inbox.until(
        (h) => h.event === 'UPDATE' && recordOf(h).id === message && recordOf(h).removed_at != null
      )
      await inbox.until(
        (h) =>
          h.event === 'DELETE' &&
          h.payload.table === 'attachments' &&
          recordOf(h).message_id === message
      )
      // The removal's UPDATE (the message's earlier edit and its thread's row may arrive too)
      const update = inbox.heard.find(
        (h) =>
          h.event === 'UPDATE' &&
          h.payload.table === 'messages' &&
          recordOf(h).id === message &&
          recordOf(h).removed_at != null
      )!
      expect(recordOf(update).body).toBe('')
    } finally {
      await leave(live)
    }

    for (const person of [member, member2, admin, owner]) {
      const seen = await readMessage(person, message)
      expect(seen, person.email).toMatchObject({ body: '', author_id: member.id, attachments: [] })
      expect(seen?.removed_at).not.toBeNull()
      const versions = await as(person)
        .from('message_versions')
        .select('body')
        .eq('message_id', message)
      expect(versions.data).toEqual([])
      const page = await as(person).rpc('message_page', { p_channel_id: world.ch.general })
      const row = (page.data as { id: string; body: string; attachments: unknown[] }[]).find(
        (m) => m.id === message
      )
      expect(row).toMatchObject({ body: '', attachments: [] })
    }
    const download = await as(member).storage.from('attachments').download(filePath)
    expect(download.error).not.toBeNull()
    expect(await searchAs(stack.sql, member2, { workspace: world.ws, terms: [word] })).toEqual([])
    expect(
      await searchAs(stack.sql, member, { workspace: world.ws, terms: ['notes'] })
    ).not.toContainEqual(expect.objectContaining({ id: message }))
    expect((await readMessage(member, reply))?.body).toBe('a reply stays')
    // the author cannot edit it back
    const edit = await as(member).rpc('edit_message', { p_id: message, p_body: 'again' })
    expect(edit.error?.message).toBe('This message was removed by an admin.')
    const direct = await as(member).from('messages').update({ body: 'again' }).eq('id', message)
    expect(direct.error?.message).toBe('This message was removed by an admin.')
    // the original: admins only
    const original = await as(admin).rpc('removed_message', { p_message_id: message }).single()
    expect(original.data).toMatchObject({
      body: `offensive ${word}`,
      files: [{ name: 'notes.txt' }],
    })
    const peek = await as(member).rpc('removed_message', { p_message_id: message })
    expect(peek.error?.message).toBe('Message not found.')
    expect((await openReports(admin)).some((r) => r.message_id === message)).toBe(false)

    expect(
      (await as(member).rpc('restore_message', { p_message_id: message })).error?.message
    ).toBe('Message not found.')
    expect((await as(admin).rpc('restore_message', { p_message_id: message })).error).toBeNull()
    const back = await readMessage(member2, message)
    expect(back).toMatchObject({
      body: `offensive ${word}`,
      removed_at: null,
      attachments: [{ name: 'notes.txt' }],
    })
    const versions = await as(member2)
      .from('message_versions')
      .select('body')
      .eq('message_id', message)
    expect(versions.data).toEqual([{ body: 'see file' }])
    expect(
      (await searchAs(stack.sql, member2, { workspace: world.ws, terms: [word] })).map((h) => h.id)
    ).toEqual([message])
    expect((await as(member2).storage.from('attachments').download(filePath)).error).toBeNull()
    const again = await as(admin).rpc('restore_message', { p_message_id: message })
    expect(again.error?.message).toBe('This message was not removed.')

    expect(await auditActions(message)).toEqual([
      'message.removed',
      'report.resolved',
      'message.restored',
    ])
  })

  it('refuses bad input with clear errors', async () => {
    const bad = await as(admin).rpc('remove_message', { p_message_id: 'nope' })
    expect(bad.status).toBe(400)
    const missing = await as(admin).rpc('remove_message', { p_message_id: crypto.randomUUID() })
    expect(missing.status).toBe(400)
    expect(missing.error?.message).toBe('Message not found.')
    const elsewhere = await as(admin).rpc('remove_message', {
      p_message_id: await makeMessage(stack.sql, outsider, world.ch.outside),
    })
    expect(elsewhere.error?.message).toBe('Message not found.')
  })
})
