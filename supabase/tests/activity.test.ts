// Catching up: Activity (activity(): mentions of me, reactions to my messages, replies in threads
// I follow, being added to a channel; read by position, by opening, or all at once with
// mark_activity_seen) and All unreads (unread_messages(): my unread messages by channel, muted
// ones left out). Only what the caller may read: their own channels of their own workspace.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useChannelsWorld } from './support/channels-world.ts'
import { makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useChannelsWorld()
const { p, uniqueName, createChannel, call } = t

interface Item {
  item_id: string
  kind: string
  actor_id: string | null
  channel_id: string
  message_id: string | null
  thread_id: string | null
  emoji: string | null
  mention: string | null
  unread: boolean
}

const activity = (by: Person, ws = t.world.ws) =>
  call(by, 'select * from public.activity($1)', ws) as Promise<Item[]>
const seen = (by: Person, ids: string[] | null, ws = t.world.ws) =>
  call(by, 'select public.mark_activity_seen($1, $2)', ws, ids)
const reply = async (by: Person, channel: string, parent: string, body: string) => {
  const id = randomUUID()
  await call(by, 'select public.send_message($1, $2, $3, $4, $5)', id, channel, body, [], parent)
  return id
}

describe('Activity', () => {
  it('gathers mentions, reactions, followed replies and being added, newest first', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().member, p().admin])
    const mine = await makeMessage(t.stack.sql, p().member, room.id, 'my plan')
    const direct = await makeMessage(t.stack.sql, p().admin, room.id, `look <@${p().member.id}>`)
    const all = await makeMessage(t.stack.sql, p().owner, room.id, 'lunch <!channel>')
    await call(p().admin, 'select public.set_reaction($1, $2)', mine, '🎉')
    const answer = await reply(p().owner, room.id, mine, 'agreed')
    const items = await activity(p().member)
    const inRoom = items.filter((i) => i.channel_id === room.id)
    expect(inRoom.map((i) => [i.kind, i.message_id, i.mention])).toEqual([
      ['reply', answer, null],
      ['reaction', mine, null],
      ['mention', all, 'channel'],
      ['mention', direct, 'you'],
      ['channel_invite', null, null],
    ])
    expect(inRoom.every((i) => i.unread)).toBe(true)
    expect(inRoom[1]).toMatchObject({ actor_id: p().admin.id, emoji: '🎉' })
    expect(inRoom[4]).toMatchObject({ actor_id: p().owner.id })
    // What I did myself is not my activity: the owner created the room and wrote the reply.
    const owners = (await activity(p().owner)).filter((i) => i.channel_id === room.id)
    expect(owners).toEqual([])
  })

  it('is read by position, by opening an item, or all at once', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().member])
    const mine = await makeMessage(t.stack.sql, p().member, room.id, 'draft')
    const ping = await makeMessage(t.stack.sql, p().owner, room.id, `<@${p().member.id}> see`)
    await call(p().owner, 'select public.set_reaction($1, $2)', mine, '👍')
    const find = async (kind: string) =>
      (await activity(p().member)).find((i) => i.channel_id === room.id && i.kind === kind)!
    expect((await find('mention')).message_id).toBe(ping)
    await call(p().member, 'select public.mark_read($1)', room.id)
    expect((await find('mention')).unread).toBe(false)
    const reaction = await find('reaction')
    expect(reaction.unread).toBe(true)
    await seen(p().member, [reaction.item_id])
    expect((await find('reaction')).unread).toBe(false)
    expect((await find('channel_invite')).unread).toBe(true)
    await seen(p().member, null)
    expect((await activity(p().member)).filter((i) => i.unread)).toEqual([])
    // Something new after "all read" is unread again.
    await makeMessage(t.stack.sql, p().owner, room.id, `<@${p().member.id}> again`)
    expect((await find('mention')).unread).toBe(true)
  })

  it('refuses ids that are not items and workspaces that are not mine', async () => {
    await expect(seen(p().member, ['drop table'])).rejects.toMatchObject({
      code: '22023',
      detail: 'invalid_argument',
    })
    await expect(seen(p().outsider, null)).rejects.toMatchObject({
      code: '42501',
      detail: 'not_workspace_member',
    })
    expect(await activity(p().outsider)).toEqual([])
  })

  it('shows nothing of channels I am not in, nor after I leave', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'private', [p().member])
    await makeMessage(t.stack.sql, p().owner, room.id, 'everyone here <!channel>')
    await makeMessage(t.stack.sql, p().owner, room.id, `<@${p().member.id}> inside`)
    expect((await activity(p().member2)).some((i) => i.channel_id === room.id)).toBe(false)
    expect((await activity(p().member)).some((i) => i.channel_id === room.id)).toBe(true)
    await call(p().member, 'select public.leave_channel($1)', room.id)
    expect((await activity(p().member)).some((i) => i.channel_id === room.id)).toBe(false)
  })
})

describe('All unreads', () => {
  it('lists unread messages by channel, without muted channels or what is read', async () => {
    const loud = await createChannel(p().owner, uniqueName(), 'public', [p().member])
    const quiet = await createChannel(p().owner, uniqueName(), 'public', [p().member])
    const read = await createChannel(p().owner, uniqueName(), 'public', [p().member])
    for (const body of ['one', 'two', 'three'])
      await makeMessage(t.stack.sql, p().owner, loud.id, body)
    await makeMessage(t.stack.sql, p().owner, quiet.id, 'shh')
    await makeMessage(t.stack.sql, p().owner, read.id, 'seen')
    await call(p().member, 'select public.set_channel_notifications($1, null, true)', quiet.id)
    await call(p().member, 'select public.mark_read($1)', read.id)
    await call(p().member, 'select public.mark_read($1, 1)', loud.id)
    const rows = (await call(
      p().member,
      'select * from public.unread_messages($1)',
      t.world.ws
    )) as { channel_id: string; unread_count: string; messages: { body: string; seq: number }[] }[]
    const ids = rows.map((r) => r.channel_id)
    expect(ids).toContain(loud.id)
    expect(ids).not.toContain(quiet.id)
    expect(ids).not.toContain(read.id)
    const group = rows.find((r) => r.channel_id === loud.id)!
    expect(group.unread_count).toBe('2')
    expect(group.messages.map((m) => m.body)).toEqual(['two', 'three'])
    expect(
      await call(p().outsider, 'select * from public.unread_messages($1)', t.world.ws)
    ).toEqual([])
  })
})
