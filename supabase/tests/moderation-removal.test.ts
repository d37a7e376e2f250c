// Moderation over real HTTP with supabase-js (issue 35, part 4), removal of a message by an
// admin: text, files, edit history and search hidden from everyone, the channel told live, the
// author's edits refused, the original for admins, restored as it was, each step in the audit
// log; bad input answered with clear errors. Reports: moderation.test.ts. The set-up is
// support/moderation-world.ts's.
import { describe, expect, it } from 'vitest'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { useModerationWorld } from './support/moderation-world.ts'
import { searchAs, uniqueWord } from './support/search.ts'
import { asUser, attachmentPath, makeMessage } from './support/world.ts'

const t = useModerationWorld()
const { as, openReports, auditActions, readMessage } = t

describe('removal by an admin', () => {
  it('hides the text, files, edit history and search hit from everyone, live, and restores it all', async () => {
    const word = uniqueWord()
    const message = crypto.randomUUID()
    const filePath = await attachmentPath(t.stack.sql, t.world.ch.general, message)
    const uploaded = await as(t.member)
      .storage.from('attachments')
      .upload(filePath, new Blob(['the notes'], { type: 'text/plain' }))
    expect(uploaded.error).toBeNull()
    const sent = await as(t.member).rpc('send_message', {
      p_id: message,
      p_channel_id: t.world.ch.general,
      p_body: 'see file',
      p_attachments: [{ path: filePath }],
    })
    expect(sent.error).toBeNull()
    expect((await as(t.member2).storage.from('attachments').download(filePath)).error).toBeNull()
    await asUser(
      t.stack.sql,
      t.member,
      (tx) => tx`select public.edit_message(${message}, ${`offensive ${word}`})`
    )
    const reply = crypto.randomUUID()
    await asUser(
      t.stack.sql,
      t.member2,
      (tx) =>
        tx`select public.send_message(${reply}, ${t.world.ch.general}, ${'a reply stays'}, '[]'::jsonb, ${message})`
    )
    expect(
      (await searchAs(t.stack.sql, t.member2, { workspace: t.world.ws, terms: [word] })).map(
        (h) => h.id
      )
    ).toEqual([message])
    expect(
      (await as(t.member2).rpc('report_message', { p_message_id: message, p_reason: 'harassment' }))
        .error
    ).toBeNull()

    const inbox = new Inbox()
    const live = await joinPrivate(t.stack, t.owner, liveTopic.channel(t.world.ch.general), inbox)
    expect(live.joined).toBe(true)
    try {
      const refused = await as(t.member2).rpc('remove_message', { p_message_id: message })
      expect(refused.error?.message).toBe('Message not found.')
      const removed = await as(t.admin).rpc('remove_message', { p_message_id: message })
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

    for (const person of [t.member, t.member2, t.admin, t.owner]) {
      const seen = await readMessage(person, message)
      expect(seen, person.email).toMatchObject({
        body: '',
        author_id: t.member.id,
        attachments: [],
      })
      expect(seen?.removed_at).not.toBeNull()
      const versions = await as(person)
        .from('message_versions')
        .select('body')
        .eq('message_id', message)
      expect(versions.data).toEqual([])
      const page = await as(person).rpc('message_page', { p_channel_id: t.world.ch.general })
      const row = (page.data as { id: string; body: string; attachments: unknown[] }[]).find(
        (m) => m.id === message
      )
      expect(row).toMatchObject({ body: '', attachments: [] })
    }
    const download = await as(t.member).storage.from('attachments').download(filePath)
    expect(download.error).not.toBeNull()
    expect(
      await searchAs(t.stack.sql, t.member2, { workspace: t.world.ws, terms: [word] })
    ).toEqual([])
    expect(
      await searchAs(t.stack.sql, t.member, { workspace: t.world.ws, terms: ['notes'] })
    ).not.toContainEqual(expect.objectContaining({ id: message }))
    expect((await readMessage(t.member, reply))?.body).toBe('a reply stays')
    // the author cannot edit it back
    const edit = await as(t.member).rpc('edit_message', { p_id: message, p_body: 'again' })
    expect(edit.error?.message).toBe('This message was removed by an admin.')
    const direct = await as(t.member).from('messages').update({ body: 'again' }).eq('id', message)
    expect(direct.error?.message).toBe('This message was removed by an admin.')
    // the original: admins only
    const original = await as(t.admin).rpc('removed_message', { p_message_id: message }).single()
    expect(original.data).toMatchObject({
      body: `offensive ${word}`,
      files: [{ name: 'notes.txt' }],
    })
    const peek = await as(t.member).rpc('removed_message', { p_message_id: message })
    expect(peek.error?.message).toBe('Message not found.')
    expect((await openReports(t.admin)).some((r) => r.message_id === message)).toBe(false)

    expect(
      (await as(t.member).rpc('restore_message', { p_message_id: message })).error?.message
    ).toBe('Message not found.')
    expect((await as(t.admin).rpc('restore_message', { p_message_id: message })).error).toBeNull()
    const back = await readMessage(t.member2, message)
    expect(back).toMatchObject({
      body: `offensive ${word}`,
      removed_at: null,
      attachments: [{ name: 'notes.txt' }],
    })
    const versions = await as(t.member2)
      .from('message_versions')
      .select('body')
      .eq('message_id', message)
    expect(versions.data).toEqual([{ body: 'see file' }])
    expect(
      (await searchAs(t.stack.sql, t.member2, { workspace: t.world.ws, terms: [word] })).map(
        (h) => h.id
      )
    ).toEqual([message])
    expect((await as(t.member2).storage.from('attachments').download(filePath)).error).toBeNull()
    const again = await as(t.admin).rpc('restore_message', { p_message_id: message })
    expect(again.error?.message).toBe('This message was not removed.')

    expect(await auditActions(message)).toEqual([
      'message.removed',
      'report.resolved',
      'message.restored',
    ])
  })

  it('refuses bad input with clear errors', async () => {
    const bad = await as(t.admin).rpc('remove_message', { p_message_id: 'nope' })
    expect(bad.status).toBe(400)
    const missing = await as(t.admin).rpc('remove_message', { p_message_id: crypto.randomUUID() })
    expect(missing.status).toBe(400)
    expect(missing.error?.message).toBe('Message not found.')
    const elsewhere = await as(t.admin).rpc('remove_message', {
      p_message_id: await makeMessage(t.stack.sql, t.outsider, t.world.ch.outside),
    })
    expect(elsewhere.error?.message).toBe('Message not found.')
  })
})
