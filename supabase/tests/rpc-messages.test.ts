// Sending and numbering messages, with their attachments, through send_message as the app calls
// it (role authenticated, claims of the caller), including the bad input it must refuse. Editing,
// deleting, reactions and pages: rpc-message-changes.test.ts.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import {
  asRole,
  attachmentPath,
  buildWorld,
  makeMessage,
  makeStoredObject,
} from './support/world.ts'
import type { Person, World } from './support/world.ts'
import { sendAs } from './support/messages.ts'
import type { MessageRow } from './support/messages.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
/** More connections than stack.sql has, for concurrent senders. */
let pool: Sql

function send(
  person: Person,
  channel: string,
  body: string,
  id: string = randomUUID(),
  attachments: unknown[] = [],
  sql: Sql = stack.sql
): Promise<MessageRow> {
  return sendAs(sql, person, channel, body, id, attachments)
}

async function lastSeq(channel: string): Promise<number> {
  const [row] = await stack.sql<
    { last_seq: string }[]
  >`select last_seq from public.channels where id = ${channel}`
  return Number(row!.last_seq)
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  pool = postgres(stack.dbUrl, { max: 8, onnotice: () => {} })
})

afterAll(async () => {
  await pool?.end({ timeout: 2 })
  await stack?.stop()
})

describe('send_message', () => {
  it('numbers messages per channel from the channel row and returns the row', async () => {
    const before = await lastSeq(world.ch.plaza)
    const first = await send(world.people.member, world.ch.plaza, 'one')
    const second = await send(world.people.owner, world.ch.plaza, 'two')
    expect(Number(first.seq)).toBe(before + 1)
    expect(Number(second.seq)).toBe(before + 2)
    expect(first.author_id).toBe(world.people.member.id)
    expect(await lastSeq(world.ch.plaza)).toBe(before + 2)
  })

  it('is idempotent: a retried id is one message, unchanged, and takes no new number', async () => {
    const id = randomUUID()
    const first = await send(world.people.member, world.ch.plaza, 'only once', id)
    const seq = await lastSeq(world.ch.plaza)
    const again = await send(
      world.people.member,
      world.ch.plaza,
      'only once, edited by a retry?',
      id
    )
    expect(again).toEqual(first)
    expect(await lastSeq(world.ch.plaza)).toBe(seq)
    const rows = await stack.sql`select 1 from public.messages where id = ${id}`
    expect(rows).toHaveLength(1)
  })

  it('refuses an id that belongs to someone else, without touching that message', async () => {
    const id = await makeMessage(stack.sql, world.people.owner, world.ch.plaza, 'mine')
    await expect(send(world.people.member, world.ch.plaza, 'hijack', id)).rejects.toMatchObject({
      code: '23505',
      message: 'Another message already has this id.',
    })
    const [row] = await stack.sql<MessageRow[]>`select * from public.messages where id = ${id}`
    expect(row).toMatchObject({ body: 'mine', author_id: world.people.owner.id })
  })

  it('keeps an insert with on conflict do nothing idempotent too (REST upsert with ignoreDuplicates)', async () => {
    const id = randomUUID()
    const insert = () =>
      asRole(
        stack.sql,
        world.people.member,
        (tx) => tx`
        insert into public.messages (id, channel_id, body) values (${id}, ${world.ch.plaza}, 'upserted')
        on conflict (id) do nothing returning seq`
      )
    const first = await insert()
    const seq = await lastSeq(world.ch.plaza)
    const second = await insert()
    expect(first).toHaveLength(1)
    expect(second).toHaveLength(0)
    expect(await lastSeq(world.ch.plaza)).toBe(seq)
  })

  it('gives concurrent senders in one channel distinct, gap-free numbers in commit order', async () => {
    const channel = world.ch.general
    const before = await lastSeq(channel)
    const senders = [
      world.people.owner,
      world.people.admin,
      world.people.member,
      world.people.member2,
    ]
    const perSender = 25
    const sent = await Promise.all(
      senders.map(async (person) => {
        const seqs: number[] = []
        for (let i = 0; i < perSender; i++) {
          const row = await send(person, channel, `${i}`, randomUUID(), [], pool)
          seqs.push(Number(row.seq))
        }
        return seqs
      })
    )
    const all = sent.flat().sort((a, b) => a - b)
    const expected = Array.from({ length: senders.length * perSender }, (_, i) => before + 1 + i)
    expect(all).toEqual(expected)
    for (const seqs of sent) expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(await lastSeq(channel)).toBe(before + senders.length * perSender)
    const stored = await stack.sql<{ seq: string }[]>`
      select seq from public.messages where channel_id = ${channel} and seq > ${before} order by seq`
    expect(stored.map((r) => Number(r.seq))).toEqual(expected)
  })

  it('numbers the rows of a multi-row insert in turn and moves last_seq once', async () => {
    const before = await lastSeq(world.ch.plaza)
    const rows = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx<{ seq: string }[]>`
      insert into public.messages (id, channel_id, body)
      select gen_random_uuid(), ${world.ch.plaza}, 'batch ' || i from generate_series(1, 5) i
      returning seq`
    )
    expect(rows.map((r) => Number(r.seq)).sort((a, b) => a - b)).toEqual(
      [1, 2, 3, 4, 5].map((i) => before + i)
    )
    expect(await lastSeq(world.ch.plaza)).toBe(before + 5)
    const [mine] = await stack.sql<{ last_read_seq: string }[]>`
      select last_read_seq from public.channel_members
      where channel_id = ${world.ch.plaza} and user_id = ${world.people.member.id}`
    expect(Number(mine!.last_read_seq)).toBe(before + 5)
  })

  it('stores one message when the same id is sent concurrently', async () => {
    const id = randomUUID()
    const before = await lastSeq(world.ch.plaza)
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(world.people.member, world.ch.plaza, 'racing', id, [], pool)
      )
    )
    expect(new Set(results.map((r) => r.seq)).size).toBe(1)
    expect(await lastSeq(world.ch.plaza)).toBe(before + 1)
  })

  it('does not consume a number when a send fails', async () => {
    const before = await lastSeq(world.ch.plaza)
    await expect(send(world.people.member, world.ch.plaza, '   \n\t ')).rejects.toMatchObject({
      code: '23514',
    })
    const next = await send(world.people.member, world.ch.plaza, 'after a failure')
    expect(Number(next.seq)).toBe(before + 1)
  })

  it("moves the author's read position, not the others'", async () => {
    const row = await send(world.people.member, world.ch.plaza, 'read by me')
    const positions = await stack.sql<{ user_id: string; last_read_seq: string }[]>`
      select user_id, last_read_seq from public.channel_members where channel_id = ${world.ch.plaza}`
    const of = (p: Person) => Number(positions.find((r) => r.user_id === p.id)!.last_read_seq)
    expect(of(world.people.member)).toBe(Number(row.seq))
    expect(of(world.people.owner)).toBeLessThan(Number(row.seq))
  })
})

describe('bad input to send_message', () => {
  it('refuses empty and whitespace-only messages', async () => {
    for (const body of ['', '   ', '\n\n', '\u200b\u00a0']) {
      await expect(send(world.people.member, world.ch.plaza, body)).rejects.toMatchObject({
        code: '23514',
        message: 'Message is empty.',
      })
    }
  })

  it('refuses messages over 4000 characters and accepts exactly 4000', async () => {
    await expect(send(world.people.member, world.ch.plaza, 'x'.repeat(4001))).rejects.toMatchObject(
      {
        code: '22023',
        message: 'Message is too long.',
        detail: 'It has 4001 characters; the limit is 4000.',
      }
    )
    const row = await send(world.people.member, world.ch.plaza, 'é'.repeat(4000))
    expect(row.body).toHaveLength(4000)
  })

  it('keeps markdown and newlines, normalizes CRLF and drops other control characters', async () => {
    const row = await send(world.people.member, world.ch.plaza, '**a**\r\n\tb\u0007c\u001b[31m')
    expect(row.body).toBe('**a**\n\tbc[31m')
  })

  it('stores HTML and script as plain text for the renderer to escape', async () => {
    const body = '<script>alert(1)</script> <img src=x onerror=alert(1)>'
    const row = await send(world.people.member, world.ch.plaza, body)
    expect(row.body).toBe(body)
  })

  it('derives mentions from the body and refuses a mention of someone outside the channel', async () => {
    const ok = await send(world.people.owner, world.ch.quiet, `hi <@${world.people.member.id}>`)
    expect(ok.mentions).toEqual([world.people.member.id])
    const outsider = world.people.admin.id // in the workspace, not in the private channel
    await expect(
      send(
        world.people.owner,
        world.ch.quiet,
        `hi <@${outsider}> and <@${world.people.outsider.id}>`
      )
    ).rejects.toMatchObject({
      code: '22023',
      message: 'You mentioned someone who is not in this channel.',
      detail: expect.stringContaining(outsider),
    })
  })

  it('refuses sending into an archived channel, a channel one is not in, or as someone else', async () => {
    await expect(send(world.people.member, world.ch.attic, 'hello?')).rejects.toMatchObject({
      code: '42501',
      message: 'This channel is archived; messages can no longer be sent.',
    })
    await expect(send(world.people.admin, world.ch.quiet, 'let me in')).rejects.toMatchObject({
      code: '42501',
    })
    await expect(send(world.people.outsider, world.ch.plaza, 'hi')).rejects.toMatchObject({
      code: '42501',
    })
    await expect(
      asRole(
        stack.sql,
        world.people.member,
        (tx) => tx`
        insert into public.messages (id, channel_id, author_id, body)
        values (${randomUUID()}, ${world.ch.plaza}, ${world.people.owner.id}, 'forged')`
      )
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('ignores a client-sent seq, created_at and mentions', async () => {
    const id = randomUUID()
    const [row] = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx<MessageRow[]>`
      insert into public.messages (id, channel_id, body, seq, created_at, mentions)
      values (${id}, ${world.ch.plaza}, 'sneaky', 1, '2001-01-01', ${[world.people.owner.id]})
      returning *`
    )
    expect(Number(row!.seq)).toBe(await lastSeq(world.ch.plaza))
    expect(row!.mentions).toEqual([])
    expect((row as unknown as { created_at: Date }).created_at.getFullYear()).toBeGreaterThan(2001)
  })
})

describe('attachments through send_message', () => {
  it('sends files with an empty body; size and type come from the stored object', async () => {
    const id = randomUUID()
    const path = await attachmentPath(stack.sql, world.ch.plaza, id, 'photo.png')
    await makeStoredObject(stack.sql, 'attachments', path, world.people.member, 'image/png', 2048)
    const row = await send(world.people.member, world.ch.plaza, '', id, [
      { path, name: '  holiday photo.png ', width: 640, height: 480 },
    ])
    expect(row.body).toBe('')
    const files =
      await stack.sql`select name, size, mime_type, width, height, uploader_id, channel_id from public.attachments where message_id = ${id}`
    expect(files).toEqual([
      {
        name: 'holiday photo.png',
        size: '2048',
        mime_type: 'image/png',
        width: 640,
        height: 480,
        uploader_id: world.people.member.id,
        channel_id: world.ch.plaza,
      },
    ])
  })

  it('refuses a file that was not uploaded, and stores nothing of the message', async () => {
    const id = randomUUID()
    const path = await attachmentPath(stack.sql, world.ch.plaza, id)
    await expect(
      send(world.people.member, world.ch.plaza, 'see file', id, [{ path }])
    ).rejects.toMatchObject({
      code: '22023',
      message: 'The file has not been uploaded.',
    })
    expect(await stack.sql`select 1 from public.messages where id = ${id}`).toHaveLength(0)
  })

  it("refuses a file outside the message's folder and someone else's upload", async () => {
    const id = randomUUID()
    const elsewhere = await attachmentPath(stack.sql, world.ch.plaza, randomUUID())
    await makeStoredObject(stack.sql, 'attachments', elsewhere, world.people.member)
    await expect(
      send(world.people.member, world.ch.plaza, 'x', id, [{ path: elsewhere }])
    ).rejects.toMatchObject({
      code: '22023',
      message: "An attachment must be a file in its message's folder.",
    })
    const theirs = await attachmentPath(stack.sql, world.ch.plaza, id)
    await makeStoredObject(stack.sql, 'attachments', theirs, world.people.owner)
    await expect(
      send(world.people.member, world.ch.plaza, 'x', id, [{ path: theirs }])
    ).rejects.toMatchObject({
      code: '42501',
      message: 'You can only attach files you uploaded.',
    })
  })

  it('refuses more than 10 attachments and malformed attachment entries', async () => {
    const id = randomUUID()
    const files = Array.from({ length: 11 }, (_, i) => ({ path: `x/${i}` }))
    await expect(
      send(world.people.member, world.ch.plaza, 'many', id, files)
    ).rejects.toMatchObject({
      message: 'A message can have at most 10 attachments.',
    })
    await expect(
      send(world.people.member, world.ch.plaza, 'odd', id, [{ name: 'no path' }])
    ).rejects.toMatchObject({
      code: '22023',
    })
    await expect(
      asRole(
        stack.sql,
        world.people.member,
        (tx) =>
          tx`select public.send_message(${id}, ${world.ch.plaza}, 'odd', ${tx.json({ path: 'not an array' })})`
      )
    ).rejects.toMatchObject({ code: '22023', message: 'p_attachments must be a JSON array.' })
  })
})
