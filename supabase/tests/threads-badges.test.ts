// Unread and mention counts where channel messages and thread replies meet: a reply kept in its
// thread has no place in the channel (seq null, its thread_seq only), so channel_list()'s and
// workspace_badges()' mention counts never take its thread number for a channel position, on
// either side of the read position; and the rail's badges (workspace_badges) count the unread
// replies of followed threads as the Threads entry (threads()) does.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { workspaceKit } from './support/workspaces.ts'
import { asRole, makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
const { team } = workspaceKit(() => stack)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

function as<T>(person: Person, fn: (tx: TransactionSql) => Promise<T>): Promise<T> {
  return asRole(stack.sql, person, fn)
}

/** A team and its default channel, which all four are in. */
async function teamChannel() {
  const t = await team()
  const [row] = await stack.sql<{ id: string }[]>`
    select id from public.channels where workspace_id = ${t.ws.id} and is_default`
  return { ...t, ch: row!.id }
}

async function reply(
  person: Person,
  channel: string,
  parent: string,
  body: string,
  inChannel = false
): Promise<{ seq: string | null; thread_seq: string; in_channel: boolean }> {
  return as(person, async (tx) => {
    const [row] = await tx<{ seq: string | null; thread_seq: string; in_channel: boolean }[]>`
      select seq, thread_seq, in_channel from public.send_message(${randomUUID()}, ${channel},
        ${body}, '[]'::jsonb, ${parent}, ${inChannel})`
    return row!
  })
}

async function lastSeq(channel: string): Promise<number> {
  const [row] = await stack.sql<{ last_seq: string }[]>`
    select last_seq from public.channels where id = ${channel}`
  return Number(row!.last_seq)
}

async function listed(person: Person, ws: string, channel: string) {
  const rows = await as(
    person,
    (tx) => tx<{ id: string; unread_count: string; mention_count: string }[]>`
      select id, unread_count, mention_count from public.channel_list(${ws})`
  )
  const row = rows.find((r) => r.id === channel)!
  return { unread: Number(row.unread_count), mentions: Number(row.mention_count) }
}

async function badge(person: Person, ws: string) {
  const rows = await as(
    person,
    (tx) => tx<{ workspace_id: string; mention_count: string; has_unread: boolean }[]>`
      select * from public.workspace_badges()`
  )
  const row = rows.find((r) => r.workspace_id === ws)
  return row ? { mentions: Number(row.mention_count), unread: row.has_unread } : null
}

/** The Threads entry's count: the unread replies of the threads I follow in the workspace. */
async function threadsUnread(person: Person, ws: string): Promise<number> {
  const rows = await as(
    person,
    (tx) => tx<{ unread_count: string }[]>`
      select unread_count from public.threads(${ws}, 500)`
  )
  return rows.reduce((sum, r) => sum + Number(r.unread_count), 0)
}

const markRead = (person: Person, channel: string, seq: number | null = null) =>
  as(person, (tx) => tx`select public.mark_read(${channel}, ${seq})`)
const markThreadRead = (person: Person, thread: string) =>
  as(person, (tx) => tx`select public.mark_thread_read(${thread})`)

describe('one numbering per meaning', () => {
  it('gives a reply kept in its thread no channel number, and a reply also sent there one', async () => {
    const { owner, member, ch } = await teamChannel()
    const parent = await makeMessage(stack.sql, owner, ch, 'a question')
    const kept = await reply(member, ch, parent, 'in the thread')
    const shared = await reply(member, ch, parent, 'in both', true)
    expect(kept).toEqual({ seq: null, thread_seq: '1', in_channel: false })
    expect(shared).toEqual({ seq: String(await lastSeq(ch)), thread_seq: '2', in_channel: true })
    // The schema itself refuses the confusion: a reply kept in its thread with a channel place.
    await expect(
      stack.sql`update public.messages set in_channel = true where parent_id = ${parent} and not in_channel`
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'messages_seq_in_channel' })
  })
})

describe('mention counts with thread replies on both sides of the read position', () => {
  it('count channel messages after my read position only, never thread replies by their number', async () => {
    const { owner, member, ws, ch } = await teamChannel()
    await markRead(member, ch)
    const parent = await makeMessage(stack.sql, owner, ch, 'plan?')
    await makeMessage(stack.sql, owner, ch, 'one')
    const readTo = await lastSeq(ch)
    await markRead(member, ch, readTo)
    // Thread replies mentioning me, numbered 1 … readTo + 2 in their thread: some at or before my
    // channel read position's number, two after it.
    for (let i = 0; i < readTo + 2; i++) {
      await reply(owner, ch, parent, `<@${member.id}> step ${i + 1}`)
    }
    await makeMessage(stack.sql, owner, ch, 'no mention')
    await makeMessage(stack.sql, owner, ch, `look <@${member.id}>`)
    await reply(owner, ch, parent, `also here <@${member.id}>`, true)
    expect(await listed(member, ws.id, ch)).toEqual({ unread: 3, mentions: 2 })
    await markThreadRead(member, parent)
    expect(await badge(member, ws.id)).toEqual({ mentions: 2, unread: true })

    // The channel read to its end; a thread reply numbered past the channel's last message.
    await markRead(member, ch)
    const channelLast = await lastSeq(ch)
    let last = await reply(owner, ch, parent, `<@${member.id}> later`)
    while (Number(last.thread_seq) <= channelLast) {
      last = await reply(owner, ch, parent, `<@${member.id}> later`)
    }
    expect(await listed(member, ws.id, ch)).toEqual({ unread: 0, mentions: 0 })
    await markThreadRead(member, parent)
    expect(await badge(member, ws.id)).toBeNull()
  })
})

describe("the rail's badges and followed threads", () => {
  it('show a workspace unread while a followed thread has unread replies, as the Threads entry counts them', async () => {
    const { owner, member, member2, ws, ch } = await teamChannel()
    const followed = await makeMessage(stack.sql, member, ch, 'mine')
    const other = await makeMessage(stack.sql, owner, ch, 'not mine')
    await reply(owner, ch, other, 'a reply to a thread I do not follow')
    await markRead(member, ch)
    expect(await threadsUnread(member, ws.id)).toBe(0)
    expect(await badge(member, ws.id)).toBeNull()

    await reply(owner, ch, followed, 'a reply in my thread')
    expect(await threadsUnread(member, ws.id)).toBe(1)
    expect(await badge(member, ws.id)).toEqual({ mentions: 0, unread: true })

    await reply(member2, ch, followed, `<@${member.id}> what do you think?`)
    expect(await threadsUnread(member, ws.id)).toBe(2)
    expect(await badge(member, ws.id)).toEqual({ mentions: 1, unread: true })

    // Also sent to the channel: counted by the channel, once.
    await reply(owner, ch, followed, `<@${member.id}> decided`, true)
    expect(await threadsUnread(member, ws.id)).toBe(3)
    expect(await badge(member, ws.id)).toEqual({ mentions: 2, unread: true })
    await markRead(member, ch)
    expect(await badge(member, ws.id)).toEqual({ mentions: 1, unread: true })

    await markThreadRead(member, followed)
    expect(await threadsUnread(member, ws.id)).toBe(0)
    expect(await badge(member, ws.id)).toBeNull()

    // Unfollowed: its replies no longer count in either.
    await as(member, (tx) => tx`select public.follow_thread(${followed}, false)`)
    await reply(owner, ch, followed, 'more')
    expect(await threadsUnread(member, ws.id)).toBe(0)
    expect(await badge(member, ws.id)).toBeNull()
  })
})
