// Sending and numbering messages through send_message as the app calls it (role authenticated,
// claims of the caller), including the bad input it must refuse. Attachments:
// attachments-send.test.ts; editing, deleting, reactions and pages:
// messages-changes.test.ts. The set-up is support/messages-world.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useMessagesWorld } from './support/messages-world.ts'
import { asRole, makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'
import type { MessageRow } from './support/messages.ts'

const t = useMessagesWorld()
const { send, lastSeq } = t

describe('send_message', () => {
  it('numbers messages per channel from the channel row and returns the row', async () => {
    const before = await lastSeq(t.world.ch.plaza)
    const first = await send(t.world.people.member, t.world.ch.plaza, 'one')
    const second = await send(t.world.people.owner, t.world.ch.plaza, 'two')
    expect(Number(first.seq)).toBe(before + 1)
    expect(Number(second.seq)).toBe(before + 2)
    expect(first.author_id).toBe(t.world.people.member.id)
    expect(await lastSeq(t.world.ch.plaza)).toBe(before + 2)
  })

  it('is idempotent: a retried id is one message, unchanged, and takes no new number', async () => {
    const id = randomUUID()
    const first = await send(t.world.people.member, t.world.ch.plaza, 'only once', id)
    const seq = await lastSeq(t.world.ch.plaza)
    const again = await send(
      t.world.people.member,
      t.world.ch.plaza,
      'only once, edited by a retry?',
      id
    )
    expect(again).toEqual(first)
    expect(await lastSeq(t.world.ch.plaza)).toBe(seq)
    const rows = await t.stack.sql`select 1 from public.messages where id = ${id}`
    expect(rows).toHaveLength(1)
  })

  it('refuses an id that belongs to someone else, without touching that message', async () => {
    const id = await makeMessage(t.stack.sql, t.world.people.owner, t.world.ch.plaza, 'mine')
    await expect(send(t.world.people.member, t.world.ch.plaza, 'hijack', id)).rejects.toMatchObject(
      {
        code: '23505',
        message: 'Another message already has this id.',
        detail: 'message_id_taken',
      }
    )
    const [row] = await t.stack.sql<MessageRow[]>`select * from public.messages where id = ${id}`
    expect(row).toMatchObject({ body: 'mine', author_id: t.world.people.owner.id })
  })

  it('keeps an insert with on conflict do nothing idempotent too (REST upsert with ignoreDuplicates)', async () => {
    const id = randomUUID()
    const insert = () =>
      asRole(
        t.stack.sql,
        t.world.people.member,
        (tx) => tx`
        insert into public.messages (id, channel_id, body) values (${id}, ${t.world.ch.plaza}, 'upserted')
        on conflict (id) do nothing returning seq`
      )
    const first = await insert()
    const seq = await lastSeq(t.world.ch.plaza)
    const second = await insert()
    expect(first).toHaveLength(1)
    expect(second).toHaveLength(0)
    expect(await lastSeq(t.world.ch.plaza)).toBe(seq)
  })

  it('gives concurrent senders in one channel distinct, gap-free numbers in commit order', async () => {
    const channel = t.world.ch.general
    const before = await lastSeq(channel)
    const senders = [
      t.world.people.owner,
      t.world.people.admin,
      t.world.people.member,
      t.world.people.member2,
    ]
    const perSender = 25
    const sent = await Promise.all(
      senders.map(async (person) => {
        const seqs: number[] = []
        for (let i = 0; i < perSender; i++) {
          const row = await send(person, channel, `${i}`, randomUUID(), [], t.pool)
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
    const stored = await t.stack.sql<{ seq: string }[]>`
      select seq from public.messages where channel_id = ${channel} and seq > ${before} order by seq`
    expect(stored.map((r) => Number(r.seq))).toEqual(expected)
  })

  it('numbers the rows of a multi-row insert in turn and moves last_seq once', async () => {
    const before = await lastSeq(t.world.ch.plaza)
    const rows = await asRole(
      t.stack.sql,
      t.world.people.member,
      (tx) => tx<{ seq: string }[]>`
      insert into public.messages (id, channel_id, body)
      select gen_random_uuid(), ${t.world.ch.plaza}, 'batch ' || i from generate_series(1, 5) i
      returning seq`
    )
    expect(rows.map((r) => Number(r.seq)).sort((a, b) => a - b)).toEqual(
      [1, 2, 3, 4, 5].map((i) => before + i)
    )
    expect(await lastSeq(t.world.ch.plaza)).toBe(before + 5)
    const [mine] = await t.stack.sql<{ last_read_seq: string }[]>`
      select last_read_seq from public.channel_members
      where channel_id = ${t.world.ch.plaza} and user_id = ${t.world.people.member.id}`
    expect(Number(mine!.last_read_seq)).toBe(before + 5)
  })

  it('stores one message when the same id is sent concurrently', async () => {
    const id = randomUUID()
    const before = await lastSeq(t.world.ch.plaza)
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(t.world.people.member, t.world.ch.plaza, 'racing', id, [], t.pool)
      )
    )
    expect(new Set(results.map((r) => r.seq)).size).toBe(1)
    expect(await lastSeq(t.world.ch.plaza)).toBe(before + 1)
  })

  it('does not consume a number when a send fails', async () => {
    const before = await lastSeq(t.world.ch.plaza)
    await expect(send(t.world.people.member, t.world.ch.plaza, '   \n\t ')).rejects.toMatchObject({
      code: '23514',
    })
    const next = await send(t.world.people.member, t.world.ch.plaza, 'after a failure')
    expect(Number(next.seq)).toBe(before + 1)
  })

  it("moves the author's read position, not the others'", async () => {
    const row = await send(t.world.people.member, t.world.ch.plaza, 'read by me')
    const positions = await t.stack.sql<{ user_id: string; last_read_seq: string }[]>`
      select user_id, last_read_seq from public.channel_members where channel_id = ${t.world.ch.plaza}`
    const of = (p: Person) => Number(positions.find((r) => r.user_id === p.id)!.last_read_seq)
    expect(of(t.world.people.member)).toBe(Number(row.seq))
    expect(of(t.world.people.owner)).toBeLessThan(Number(row.seq))
  })
})

describe('bad input to send_message', () => {
  it('refuses empty and whitespace-only messages', async () => {
    for (const body of ['', '   ', '\n\n', '\u200b\u00a0']) {
      await expect(send(t.world.people.member, t.world.ch.plaza, body)).rejects.toMatchObject({
        code: '23514',
        message: 'Message is empty.',
      })
    }
  })

  it('refuses messages over 40,000 characters and accepts exactly 40,000', async () => {
    await expect(
      send(t.world.people.member, t.world.ch.plaza, 'x'.repeat(40001))
    ).rejects.toMatchObject({
      code: '22023',
      message: 'Message is too long: it has 40001 characters; the limit is 40000.',
      detail: 'message_too_long',
    })
    const row = await send(t.world.people.member, t.world.ch.plaza, 'é'.repeat(40000))
    expect(row.body).toHaveLength(40000)
  })

  it('keeps markdown and newlines, normalizes CRLF and drops other control characters', async () => {
    const row = await send(t.world.people.member, t.world.ch.plaza, '**a**\r\n\tb\u0007c\u001b[31m')
    expect(row.body).toBe('**a**\n\tbc[31m')
  })

  it('stores HTML and script as plain text for the renderer to escape', async () => {
    const body = '<script>alert(1)</script> <img src=x onerror=alert(1)>'
    const row = await send(t.world.people.member, t.world.ch.plaza, body)
    expect(row.body).toBe(body)
  })

  it('derives mentions from the body and refuses a mention of someone outside the channel', async () => {
    const ok = await send(
      t.world.people.owner,
      t.world.ch.quiet,
      `hi <@${t.world.people.member.id}>`
    )
    expect(ok.mentions).toEqual([t.world.people.member.id])
    const outsider = t.world.people.admin.id // in the workspace, not in the private channel
    await expect(
      send(
        t.world.people.owner,
        t.world.ch.quiet,
        `hi <@${outsider}> and <@${t.world.people.outsider.id}>`
      )
    ).rejects.toMatchObject({
      code: '22023',
      message: expect.stringMatching(
        new RegExp(`^You mentioned someone who is not in this channel: .*${outsider}`)
      ),
      detail: 'mention_not_in_channel',
    })
  })

  it('refuses sending into an archived channel, a channel one is not in, or as someone else', async () => {
    await expect(send(t.world.people.member, t.world.ch.attic, 'hello?')).rejects.toMatchObject({
      code: '22023',
      message: 'This channel is archived; messages can no longer be sent.',
      detail: 'channel_archived',
    })
    await expect(send(t.world.people.admin, t.world.ch.quiet, 'let me in')).rejects.toMatchObject({
      code: '42501',
      detail: 'not_channel_member',
    })
    await expect(send(t.world.people.outsider, t.world.ch.plaza, 'hi')).rejects.toMatchObject({
      code: '42501',
      detail: 'not_channel_member',
    })
    await expect(
      asRole(
        t.stack.sql,
        t.world.people.member,
        (tx) => tx`
        insert into public.messages (id, channel_id, author_id, body)
        values (${randomUUID()}, ${t.world.ch.plaza}, ${t.world.people.owner.id}, 'forged')`
      )
    ).rejects.toMatchObject({ code: '42501', detail: 'not_channel_member' })
  })

  it('ignores a client-sent seq, created_at and mentions', async () => {
    const id = randomUUID()
    const [row] = await asRole(
      t.stack.sql,
      t.world.people.member,
      (tx) => tx<MessageRow[]>`
      insert into public.messages (id, channel_id, body, seq, created_at, mentions)
      values (${id}, ${t.world.ch.plaza}, 'sneaky', 1, '2001-01-01', ${[t.world.people.owner.id]})
      returning *`
    )
    expect(Number(row!.seq)).toBe(await lastSeq(t.world.ch.plaza))
    expect(row!.mentions).toEqual([])
    expect((row as unknown as { created_at: Date }).created_at.getFullYear()).toBeGreaterThan(2001)
  })
})
