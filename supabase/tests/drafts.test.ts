// Drafts on every device through the RPC as the app calls it: a channel's and a thread's draft
// saved, changed and emptied; the rule for two devices (last edited wins, whatever order the saves
// arrive in; an edit stamped in the future counts as now); only my drafts, and only in channels I
// am still in; each change on my user topic; refusals (a channel I am not in, a thread of another
// channel, a body past the message limit).
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

interface Row {
  id: string
  channel_id: string
  parent_id: string | null
  body: string
  edited_at: Date
}

const save = (
  person: Person,
  channel: string,
  body: string,
  editedAt: string | null = null,
  parent: string | null = null
) =>
  as(
    person,
    async (tx) =>
      (
        await tx<Row[]>`
        select * from public.save_draft(${channel}, ${body}, ${editedAt}::timestamptz, ${parent})`
      )[0]!
  )

const mine = (person: Person) =>
  as(person, (tx) => tx<Row[]>`select * from public.drafts order by edited_at`)

const secondsAgo = (n: number) => new Date(Date.now() - n * 1000).toISOString()

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return (error as { detail?: string }).detail
  }
  return 'not refused'
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('drafts', () => {
  it("keeps a channel's and a thread's draft apart, changes and empties them", async () => {
    const { member } = world.people
    const parent = await makeMessage(stack.sql, member, world.ch.plaza, 'a thread')
    await save(member, world.ch.plaza, 'in the channel')
    await save(member, world.ch.plaza, 'in the thread', null, parent)
    expect((await mine(member)).map((d) => [d.body, d.parent_id])).toEqual([
      ['in the channel', null],
      ['in the thread', parent],
    ])
    await save(member, world.ch.plaza, 'in the channel, longer')
    await save(member, world.ch.plaza, '', null, parent)
    const rows = await mine(member)
    expect(rows.map((d) => [d.body, d.parent_id])).toEqual([
      ['in the channel, longer', null],
      ['', parent],
    ])
    // Others read none of it.
    expect(await mine(world.people.admin)).toEqual([])
    expect(await mine(world.people.owner)).toEqual([])

    const ops = await stack.sql<{ operation: string; body: string }[]>`
      select payload ->> 'operation' as operation, payload -> 'record' ->> 'body' as body
      from realtime.messages
      where topic = ${'live:user:' + member.id} and payload ->> 'table' = 'drafts'
      order by inserted_at, id`
    expect(ops).toEqual([
      { operation: 'INSERT', body: 'in the channel' },
      { operation: 'INSERT', body: 'in the thread' },
      { operation: 'UPDATE', body: 'in the channel, longer' },
      { operation: 'UPDATE', body: '' },
    ])
  })

  it('keeps the edit made last, whatever order the saves arrive in', async () => {
    const { admin } = world.people
    const ch = world.ch.plaza
    // The phone's edit, 5 s ago, reaches the server after the laptop's, 2 s ago: the laptop's stays.
    await save(admin, ch, 'from the laptop', secondsAgo(2))
    const kept = await save(admin, ch, 'from the phone', secondsAgo(5))
    expect(kept.body).toBe('from the laptop')
    expect((await mine(admin)).map((d) => d.body)).toEqual(['from the laptop'])
    // An emptied box is newer than an old offline edit: the draft does not come back.
    await save(admin, ch, '', secondsAgo(1))
    expect((await save(admin, ch, 'old offline edit', secondsAgo(4))).body).toBe('')
    // A device whose clock is ahead counts as now: the next real edit still wins.
    const ahead = new Date(Date.now() + 3600_000).toISOString()
    expect((await save(admin, ch, 'clock ahead', ahead)).edited_at.getTime()).toBeLessThanOrEqual(
      Date.now() + 1000
    )
    expect((await save(admin, ch, 'next edit')).body).toBe('next edit')
  })

  it('hides a draft in a channel I left, and shows it again when I am back', async () => {
    const { member2 } = world.people
    const [room] = await as(
      member2,
      (tx) => tx<{ id: string }[]>`select id from public.create_channel(${world.ws}, 'drafty')`
    )
    await save(member2, room!.id, 'half a thought')
    expect((await mine(member2)).map((d) => d.body)).toContain('half a thought')
    await as(member2, (tx) => tx`select public.leave_channel(${room!.id})`)
    expect((await mine(member2)).map((d) => d.body)).not.toContain('half a thought')
    expect(await refusal(save(member2, room!.id, 'more'))).toBe('not_channel_member')
    await as(member2, (tx) => tx`select public.join_channel(${room!.id})`)
    expect((await mine(member2)).map((d) => d.body)).toContain('half a thought')
  })

  it('refuses bad input', async () => {
    const { member, outsider } = world.people
    expect(await refusal(save(outsider, world.ch.plaza, 'hi'))).toBe('not_channel_member')
    expect(await refusal(save(member, world.ch.second, 'hi'))).toBe('not_channel_member')
    expect(await refusal(save(member, world.ch.plaza, 'x'.repeat(40001)))).toBe('message_too_long')
    const elsewhere = await makeMessage(stack.sql, member, world.ch.quiet, 'elsewhere')
    expect(await refusal(save(member, world.ch.plaza, 'hi', null, elsewhere))).toBe(
      'reply_parent_not_in_channel'
    )
    expect(
      await refusal(
        as(member, (tx) => tx`select public.save_draft(${null}::uuid, ${'hi'}, null, null)`)
      )
    ).toBe('missing_argument')
    expect(
      await refusal(
        as(
          member,
          (tx) =>
            tx`insert into public.drafts (user_id, workspace_id, channel_id, body, edited_at)
              values (${member.id}, ${world.ws}, ${world.ch.plaza}, 'sneaked', now())`
        )
      )
    ).not.toBe('not refused')
  })
})
