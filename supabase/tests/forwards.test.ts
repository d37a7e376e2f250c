// Forwarding a message (issue 71, item 7) through forward_message as the app calls it: the
// forward is a message in its destination (the comment its body), with a snapshot of what was
// shared (text, author, time, channel, place) and its files, granted through the snapshot, which
// the destination's members read and nobody else does; who may forward what (a message one
// reads, into a channel one may post in, within the workspace; from a private conversation into
// a public channel only by someone in it, a forward of a forward too); the snapshot keeps what
// was shared when the original changes; a retry gives the same forward, once; search finds a
// forward by its snapshot, in the forward's channel only.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld, makeMessage, makeMessageWithFile } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

interface Forward {
  id: string
  channel_id: string
  source_message_id: string | null
  source_channel_id: string | null
  source_channel_kind: string
  source_channel_name: string | null
  source_author_id: string | null
  source_author_name: string | null
  body: string
}

const forward = (
  person: Person,
  source: string,
  channel: string,
  comment = '',
  id = randomUUID()
) =>
  as(
    person,
    async (tx) =>
      (
        await tx<{ id: string; body: string; channel_id: string }[]>`
          select * from public.forward_message(${id}, ${source}, ${channel}, ${comment})`
      )[0]!
  )

const snapshotAs = async (person: Person, id: string) =>
  (
    await as(person, (tx) => tx<Forward[]>`select * from public.message_forwards where id = ${id}`)
  )[0]

const filesAs = (person: Person, messageId: string) =>
  as(
    person,
    (tx) => tx<{ name: string; path: string }[]>`
      select name, path from public.attachments where message_id = ${messageId}`
  )

const objectVisible = async (person: Person, name: string) =>
  (
    await as(
      person,
      (tx) => tx`select 1 from storage.objects where bucket_id = 'attachments' and name = ${name}`
    )
  ).length === 1

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return (error as { detail?: string; code?: string }).detail ?? (error as { code?: string }).code
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('forwarding a message', () => {
  it('forwards a message with a comment and its file; the destination reads the snapshot and the file', async () => {
    const { member, admin, guest, outsider, member2 } = world.people
    const original = await makeMessageWithFile(stack.sql, member, world.ch.plaza)
    const id = randomUUID()
    const sent = await forward(member, original.message, world.ch.general, `see <@${admin.id}>`, id)
    expect(sent).toMatchObject({ id, channel_id: world.ch.general })
    expect(sent.body).toBe(`see <@${admin.id}>`)

    // member2 is in general, not in plaza: reads the snapshot and downloads its file...
    const snap = await snapshotAs(member2, id)
    expect(snap).toMatchObject({
      source_message_id: original.message,
      source_channel_id: world.ch.plaza,
      source_channel_kind: 'public',
      source_author_id: member.id,
      body: 'see file',
      files: [expect.objectContaining({ path: original.path, name: 'notes.txt', size: 12 })],
    })
    expect(snap!.source_channel_name).toBeTruthy()
    expect(snap!.source_author_name).toBeTruthy()
    expect(await objectVisible(member2, original.path)).toBe(true)
    // ...but not the original message, nor any other file of plaza
    expect(
      await as(member2, (tx) => tx`select 1 from public.messages where id = ${original.message}`)
    ).toHaveLength(0)
    const other = await makeMessageWithFile(stack.sql, member, world.ch.plaza)
    expect(await objectVisible(member2, other.path)).toBe(false)
    // the forward's message has no files of its own
    expect(await filesAs(member2, id)).toEqual([])

    // the guest (plaza only) reads the original's file as a member of plaza, not through the
    // forward; an outsider reads neither the forward nor the file
    expect(await snapshotAs(guest, id)).toBeUndefined()
    expect(await snapshotAs(outsider, id)).toBeUndefined()
    expect(await objectVisible(outsider, original.path)).toBe(false)

    // a private channel's file forwarded into a DM: the DM's other person reads it, nobody else
    const quiet = await makeMessageWithFile(stack.sql, world.people.owner, world.ch.quiet)
    const dm = (
      await as(
        world.people.owner,
        (tx) =>
          tx<{ id: string }[]>`select id from public.open_dm(${world.ws}, ${[admin.id]}::uuid[])`
      )
    )[0]!.id
    expect(await objectVisible(admin, quiet.path)).toBe(false)
    const toAdmin = await forward(world.people.owner, quiet.message, dm)
    expect(await objectVisible(admin, quiet.path)).toBe(true)
    expect(await objectVisible(member2, quiet.path)).toBe(false)
    // once the forward is deleted, its file is not the admin's to read any more
    await as(
      world.people.owner,
      (tx) => tx`update public.messages set deleted_at = now() where id = ${toAdmin.id}`
    )
    expect(await objectVisible(admin, quiet.path)).toBe(false)
  })

  it('keeps the snapshot when the original is edited or deleted; a deleted forward shows nothing', async () => {
    const { member, admin } = world.people
    const source = await makeMessage(stack.sql, member, world.ch.plaza, 'the plan v1')
    const id = (await forward(member, source, world.ch.general)).id
    await as(
      member,
      (tx) => tx`update public.messages set body = 'the plan v2' where id = ${source}`
    )
    expect((await snapshotAs(admin, id))!.body).toBe('the plan v1')
    await as(member, (tx) => tx`update public.messages set deleted_at = now() where id = ${source}`)
    expect((await snapshotAs(admin, id))!.body).toBe('the plan v1')

    await as(member, (tx) => tx`update public.messages set deleted_at = now() where id = ${id}`)
    expect(await snapshotAs(admin, id)).toBeUndefined()
  })

  it('sends once: a retry with the same id gives the same forward; another message refuses the id', async () => {
    const { member, admin } = world.people
    const source = await makeMessage(stack.sql, member, world.ch.plaza, 'once')
    const id = randomUUID()
    const first = await forward(member, source, world.ch.general, 'fyi', id)
    const again = await forward(member, source, world.ch.general, 'fyi', id)
    expect(again.id).toBe(first.id)
    const rows = await stack.sql`
      select 1 from public.message_forwards where source_message_id = ${source}`
    expect(rows).toHaveLength(1)
    expect(await refusal(forward(admin, source, world.ch.general, '', id))).toBe('message_id_taken')
  })

  it('refuses what one cannot read, where one cannot post, and another workspace', async () => {
    const { member, admin, guest, outsider, owner } = world.people
    const quiet = await makeMessage(stack.sql, owner, world.ch.quiet, 'private plans')
    expect(await refusal(forward(admin, quiet, world.ch.general))).toBe('message_not_found')
    const plaza = await makeMessage(stack.sql, member, world.ch.plaza, 'public news')
    expect(await refusal(forward(outsider, plaza, world.ch.outside))).toBe('message_not_found')
    expect(await refusal(forward(member, plaza, world.ch.second))).toBe('not_channel_member')
    expect(await refusal(forward(guest, plaza, world.ch.general))).toBe('channel_not_found')
    expect(await refusal(forward(member, plaza, world.ch.attic))).toBe('channel_archived')
    const gone = await makeMessage(stack.sql, member, world.ch.plaza, 'soon gone')
    await as(member, (tx) => tx`update public.messages set deleted_at = now() where id = ${gone}`)
    expect(await refusal(forward(member, gone, world.ch.general))).toBe('message_not_found')
    // the guest forwards within their own channel
    expect((await forward(guest, plaza, world.ch.plaza, 'again')).channel_id).toBe(world.ch.plaza)
  })

  it('shares a private message in a public channel only by someone in it, as Slack', async () => {
    const { owner, admin, member } = world.people
    const quiet = await makeMessage(stack.sql, owner, world.ch.quiet, 'board notes')
    // owner (in quiet) shares it publicly: their choice; a private channel's name is not shared
    const pub = await forward(owner, quiet, world.ch.plaza)
    const snap = await snapshotAs(admin, pub.id)
    expect(snap).toMatchObject({
      source_channel_kind: 'private',
      source_channel_name: null,
      body: 'board notes',
    })

    // owner shares it with the admin in a DM; the admin (not in quiet) may not share it on in
    // public, but may in another private conversation; a forward of a forward shares the original
    const dm = (
      await as(
        owner,
        (tx) =>
          tx<{ id: string }[]>`select id from public.open_dm(${world.ws}, ${[admin.id]}::uuid[])`
      )
    )[0]!.id
    const toAdmin = await forward(owner, quiet, dm, 'for you')
    expect(await refusal(forward(admin, toAdmin.id, world.ch.plaza))).toBe(
      'forward_private_to_public'
    )
    const dm2 = (
      await as(
        admin,
        (tx) =>
          tx<{ id: string }[]>`select id from public.open_dm(${world.ws}, ${[member.id]}::uuid[])`
      )
    )[0]!.id
    const onward = await forward(admin, toAdmin.id, dm2)
    const chained = await snapshotAs(member, onward.id)
    expect(chained).toMatchObject({
      source_message_id: quiet,
      source_channel_id: world.ch.quiet,
      source_author_id: owner.id,
      body: 'board notes',
    })
    // someone in a DM may share its message in public: their choice
    const dmMessage = await makeMessage(stack.sql, admin, dm2, 'just us')
    const shared = await forward(member, dmMessage, world.ch.general)
    expect(await snapshotAs(owner, shared.id)).toMatchObject({
      source_channel_kind: 'dm',
      source_channel_name: null,
    })
  })

  it('reads in emails and pushes as the comment, then the original quoted under its author', async () => {
    const { member, admin } = world.people
    const original = await makeMessageWithFile(stack.sql, member, world.ch.plaza)
    const sent = await forward(admin, original.message, world.ch.general, 'please read')
    const [row] = await stack.sql<{ text: string }[]>`
      select private.forward_notice_body(${sent.id}, ${'please read'}) as text`
    expect(row!.text).toBe(`please read\n\n> <@${member.id}>: see file [notes.txt]`)
    const [plain] = await stack.sql<{ text: string }[]>`
      select private.forward_notice_body(${original.message}, ${'see file'}) as text`
    expect(plain!.text).toBe('see file')
  })

  it('is found by search through its snapshot, in its own channel, never the original', async () => {
    const { owner, member, member2, guest, outsider } = world.people
    const word = `zebracorn${randomUUID().slice(0, 6)}`
    // a private channel's message, forwarded into general by member (in both)
    const original = await makeMessage(stack.sql, owner, world.ch.quiet, `the ${word} budget`)
    const sent = await forward(member, original, world.ch.general, 'for everyone')
    const search = (person: Person, terms: string[], ws = world.ws) =>
      as(
        person,
        (tx) => tx<{ id: string; channel_id: string; snippet: string }[]>`
          select id, channel_id, snippet from public.search_messages(${ws}, ${terms}::text[])`
      )
    // member2 (general, not quiet) finds the forward by the text it shared, not the original
    const found = await search(member2, [word])
    expect(found).toEqual([expect.objectContaining({ id: sent.id, channel_id: world.ch.general })])
    expect(found[0]!.snippet).toContain(`the ${word} budget`)
    // as a phrase, and with the forward's own comment
    expect((await search(member2, [`"${word} budget"`, 'everyone'])).map((h) => h.id)).toEqual([
      sent.id,
    ])
    // member reads both channels: the original and the forward
    expect((await search(member, [word])).map((h) => h.id).sort()).toEqual(
      [original, sent.id].sort()
    )
    // the guest (plaza only) and an outsider find neither
    expect(await search(guest, [word])).toEqual([])
    expect(await search(outsider, [word])).toEqual([])
    expect(await search(outsider, [word], world.ws2)).toEqual([])
    // an edit of the comment keeps the snapshot findable; a deleted forward is found no more
    await as(member, (tx) => tx`select public.edit_message(${sent.id}, 'for all of you')`)
    expect((await search(member2, [word, 'all of you'])).map((h) => h.id)).toEqual([sent.id])
    await as(member, (tx) => tx`select public.delete_message(${sent.id})`)
    expect(await search(member2, [word])).toEqual([])
  })

  it("is found by its files' names, and a forward of a forward by the original's text", async () => {
    const { member, member2 } = world.people
    const original = await makeMessageWithFile(stack.sql, member, world.ch.plaza)
    const word = `quokka${randomUUID().slice(0, 6)}`
    const first = await forward(member, original.message, world.ch.general, word)
    // second is member2's channel: the forward of the forward reads as the original's snapshot
    const again = await forward(member2, first.id, world.ch.second)
    const hits = await as(
      member2,
      (tx) => tx<{ id: string }[]>`
        select id from public.search_messages(${world.ws}, ${['notes.txt', 'see file']}::text[])
        where id in (${first.id}, ${again.id})`
    )
    expect(hits.map((h) => h.id).sort()).toEqual([first.id, again.id].sort())
  })
})
