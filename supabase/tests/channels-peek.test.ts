// A public channel seen before joining it (public_channel_page(): its latest messages, or those
// around one, for a full member of the workspace, read-only) and "Let them know"
// (send_activity_notices(): the author of a message in a public channel tells people outside it,
// who find it in their Activity). Nobody reads a private channel, a DM, another workspace's
// channel or anything as a guest this way.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useChannelsWorld } from './support/channels-world.ts'
import { makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useChannelsWorld()
const { p, uniqueName, createChannel, call } = t

interface Page {
  channel: { id: string; name: string; member_count: number; is_member: boolean }
  messages: { id: string; body: string; reply_count: number; files: unknown[] }[]
  found: boolean
}

const peek = async (by: Person, channel: string, around: string | null = null, limit = 50) =>
  (
    (await call(
      by,
      'select public.public_channel_page($1, $2, $3) as page',
      channel,
      around,
      limit
    )) as { page: Page }[]
  )[0]!.page
const notify = (by: Person, message: string, people: string[]) =>
  call(by, 'select public.send_activity_notices($1, $2) as sent', message, people).then(
    (rows) => (rows as { sent: number }[])[0]!.sent
  )
const activity = (by: Person) =>
  call(by, 'select * from public.activity($1)', t.world.ws) as Promise<
    {
      item_id: string
      kind: string
      channel_id: string
      channel_name: string
      message_id: string
      mention: string
      actor_id: string
      unread: boolean
    }[]
  >

describe('a public channel before joining it', () => {
  it("shows a full member its latest messages, without deleted ones or threads' replies", async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().admin])
    const first = await makeMessage(t.stack.sql, p().admin, room.id, 'first')
    const gone = await makeMessage(t.stack.sql, p().admin, room.id, 'gone')
    await call(p().admin, 'select public.delete_message($1)', gone)
    await call(
      p().owner,
      'select public.send_message($1, $2, $3, $4, $5)',
      randomUUID(),
      room.id,
      'a reply',
      [],
      first
    )
    await makeMessage(t.stack.sql, p().owner, room.id, 'last')
    const page = await peek(p().member2, room.id)
    expect(page.channel).toMatchObject({
      id: room.id,
      name: room.name,
      member_count: 2,
      is_member: false,
    })
    expect(page.messages.map((m) => m.body)).toEqual(['first', 'last'])
    expect(page.messages[0]).toMatchObject({ id: first, reply_count: 1, files: [] })
  })

  it('pages around a message, and says when that message is not there', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [])
    const ids: string[] = []
    for (let i = 0; i < 12; i++)
      ids.push(await makeMessage(t.stack.sql, p().owner, room.id, `m${i}`))
    const around = await peek(p().member, room.id, ids[3]!, 4)
    expect(around.messages.map((m) => m.body)).toEqual(['m2', 'm3', 'm4', 'm5'])
    expect(around.found).toBe(true)
    const missing = await peek(p().member, room.id, randomUUID(), 4)
    expect(missing.found).toBe(false)
    expect(missing.messages.map((m) => m.body)).toEqual(['m8', 'm9', 'm10', 'm11'])
  })

  it('refuses private channels, DMs, guests and people of other workspaces', async () => {
    const secret = await createChannel(p().owner, uniqueName(), 'private', [p().member])
    await makeMessage(t.stack.sql, p().owner, secret.id, 'secret plans')
    await expect(peek(p().member2, secret.id)).rejects.toMatchObject({
      code: '22023',
      detail: 'channel_not_found',
    })
    await expect(peek(p().member2, t.world.ch.dm)).rejects.toMatchObject({
      detail: 'channel_not_found',
    })
    // A member of a private channel is not shown it as a preview either (it has its own view).
    await expect(peek(p().member, secret.id)).rejects.toMatchObject({
      code: '42501',
      detail: 'channel_private',
    })
    const open = await createChannel(p().owner, uniqueName(), 'public', [])
    await expect(peek(p().guest, open.id)).rejects.toMatchObject({ detail: 'channel_not_found' })
    await expect(peek(p().outsider, open.id)).rejects.toMatchObject({ detail: 'channel_not_found' })
    await expect(peek(p().member, 'not-a-uuid' as string)).rejects.toMatchObject({ code: '22P02' })
  })
})

describe('Let them know', () => {
  it('puts the mention in Activity of people outside the channel, until they join it', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().admin])
    const said = await makeMessage(t.stack.sql, p().admin, room.id, 'ask @member2 about it')
    // member2 is outside; the owner is in the channel (told by the message); me, never.
    expect(await notify(p().admin, said, [p().member2.id, p().owner.id, p().admin.id])).toBe(1)
    expect(await notify(p().admin, said, [p().member2.id])).toBe(0) // once
    const item = (await activity(p().member2)).find((i) => i.message_id === said)!
    expect(item).toMatchObject({
      kind: 'mention',
      mention: 'you',
      channel_id: room.id,
      channel_name: room.name,
      actor_id: p().admin.id,
      unread: true,
    })
    expect(item.item_id).toMatch(/^n:/)
    await call(p().member2, 'select public.mark_activity_seen($1, $2)', t.world.ws, [item.item_id])
    expect((await activity(p().member2)).find((i) => i.message_id === said)?.unread).toBe(false)
    // Joined: the channel is theirs to read; the notice is no longer an item of its own.
    await call(p().member2, 'select public.join_channel($1)', room.id)
    expect((await activity(p().member2)).some((i) => i.message_id === said)).toBe(false)
  })

  it("is the author's to send, in a public channel, to full members of the workspace", async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().admin, p().member])
    const said = await makeMessage(t.stack.sql, p().admin, room.id, 'hello')
    await expect(notify(p().member, said, [p().member2.id])).rejects.toMatchObject({
      code: '42501',
      detail: 'not_message_author',
    })
    await expect(notify(p().member2, said, [p().member2.id])).rejects.toMatchObject({
      detail: 'message_not_found',
    })
    await expect(notify(p().admin, said, [p().outsider.id])).rejects.toMatchObject({
      detail: 'person_not_in_workspace',
    })
    await expect(notify(p().admin, said, [p().guest.id])).rejects.toMatchObject({
      detail: 'person_not_in_workspace',
    })
    await expect(notify(p().admin, said, [])).rejects.toMatchObject({
      code: '22023',
      detail: 'invalid_argument',
    })
    await expect(notify(p().admin, randomUUID(), [p().member2.id])).rejects.toMatchObject({
      detail: 'message_not_found',
    })
    const secret = await createChannel(p().owner, uniqueName(), 'private', [p().admin])
    const hidden = await makeMessage(t.stack.sql, p().admin, secret.id, 'psst @member2')
    await expect(notify(p().admin, hidden, [p().member2.id])).rejects.toMatchObject({
      code: '42501',
      detail: 'notice_channel_private',
    })
    const gone = await makeMessage(t.stack.sql, p().admin, room.id, 'oops')
    await call(p().admin, 'select public.delete_message($1)', gone)
    await expect(notify(p().admin, gone, [p().member2.id])).rejects.toMatchObject({
      detail: 'message_deleted',
    })
    expect((await activity(p().member2)).some((i) => i.channel_id === secret.id)).toBe(false)
  })
})
