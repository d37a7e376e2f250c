// Polls through the RPCs as the app calls them (role authenticated, the caller's claims): a poll
// is a message whose body reads as the poll; a vote replaces the voter's choice (one, or many in
// a multiple-choice poll; none takes it back); a closed poll, by its author or past its end,
// takes no vote; an anonymous poll tells nobody, its author included, who voted, through the
// tables or the results; outsiders neither read nor vote; the poll's text cannot be edited; each
// vote and close goes on the channel's topic without a voter; a poll in a thread is a reply
// (also sent to the channel if asked), under the rules of replying there.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { refused } from './support/refused.ts'
import { asRole, buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

interface PollOption {
  id: string
  label: string
  votes: number
  mine: boolean
  voted_by: string[] | null
}
interface Poll {
  id: string
  message_id: string
  question: string
  multiple: boolean
  anonymous: boolean
  closed_at: string | null
  voters: number
  options: PollOption[]
}

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

interface NewPoll {
  channel?: string
  question?: string
  options?: string[]
  multiple?: boolean
  anonymous?: boolean
  endsAt?: string | null
  id?: string
  /** The thread it replies in. */
  parent?: string
  alsoToChannel?: boolean
}

async function create(person: Person, p: NewPoll = {}): Promise<string> {
  const id = p.id ?? randomUUID()
  await as(
    person,
    (tx) => tx`
      select public.create_poll(${id}, ${p.channel ?? world.ch.plaza}, ${p.question ?? 'Lunch?'},
        ${p.options ?? ['Pizza', 'Sushi', 'Salad']}::text[], ${p.multiple ?? false},
        ${p.anonymous ?? false}, ${p.endsAt ?? null}, ${p.parent ?? null}, ${p.alsoToChannel ?? false})`
  )
  return id
}

const results = (person: Person, message: string) =>
  as(person, async (tx) => {
    const rows = await tx<{ poll: Poll }[]>`select poll from public.poll_results(${[message]})`
    return rows[0]?.poll ?? null
  })

async function optionIds(message: string): Promise<string[]> {
  const rows = await stack.sql<{ id: string }[]>`
    select o.id from public.poll_options o join public.polls p on p.id = o.poll_id
    where p.message_id = ${message} order by o.position`
  return rows.map((r) => r.id)
}

const vote = (person: Person, message: string, options: string[]) =>
  as(person, (tx) => tx`select public.vote_poll(${message}, ${options}::uuid[])`)

const close = (person: Person, message: string) =>
  as(person, (tx) => tx`select public.close_poll(${message})`)

const counts = (poll: Poll | null) => poll?.options.map((o) => o.votes)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('polls', () => {
  it('is a message whose body reads as the poll, made once for its id', async () => {
    const { member } = world.people
    const id = await create(member, {
      question: '  Best   *editor*? ',
      options: ['Vim', ' ', 'Emacs_29', 'VS Code'],
    })
    const [m] = await stack.sql<{ body: string; author_id: string }[]>`
      select body, author_id from public.messages where id = ${id}`
    expect(m).toEqual({
      body: '📊 Poll: Best \\*editor\\*? — Vim · Emacs\\_29 · VS Code',
      author_id: member.id,
    })
    const poll = await results(member, id)
    expect(poll).toMatchObject({ question: 'Best *editor*?', multiple: false, anonymous: false })
    expect(poll!.options.map((o) => o.label)).toEqual(['Vim', 'Emacs_29', 'VS Code'])
    // a retried request returns the same poll
    await create(member, { id, question: 'Best *editor*?', options: ['Vim', 'Emacs_29', 'x'] })
    const [n] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from public.polls where message_id = ${id}`
    expect(n!.n).toBe(1)
  })

  it('refuses a poll without a question, with too few, too many or equal options, or a past end', async () => {
    const { member } = world.people
    const cases: [NewPoll, string][] = [
      [{ question: '  ' }, 'poll_question_missing'],
      [{ question: 'x'.repeat(301) }, 'poll_question_too_long'],
      [{ options: ['Only'] }, 'poll_options_count'],
      [{ options: ['a', '', ' '] }, 'poll_options_count'],
      [{ options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, 'poll_options_count'],
      [{ options: ['Tea', 'tea'] }, 'poll_options_duplicate'],
      [{ options: ['a', 'b'.repeat(101)] }, 'poll_option_too_long'],
      [{ endsAt: new Date(Date.now() - 60_000).toISOString() }, 'poll_end_past'],
      [{ endsAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 'poll_end_too_far'],
    ]
    for (const [poll, code] of cases) {
      await expect(create(member, poll)).rejects.toMatchObject(refused('22023', code))
    }
  })

  it('takes one choice in a single-choice poll, and a change of mind replaces it', async () => {
    const { owner, member, admin } = world.people
    const id = await create(owner)
    const [pizza, sushi, salad] = await optionIds(id)
    await vote(member, id, [pizza!])
    await vote(admin, id, [sushi!])
    expect(counts(await results(owner, id))).toEqual([1, 1, 0])
    await vote(member, id, [salad!])
    const poll = await results(member, id)
    expect(counts(poll)).toEqual([0, 1, 1])
    expect(poll!.options.map((o) => o.mine)).toEqual([false, false, true])
    expect(poll!.voters).toBe(2)
    await expect(vote(member, id, [pizza!, sushi!])).rejects.toMatchObject(
      refused('22023', 'poll_single_choice')
    )
    // none: the vote is taken back
    await vote(member, id, [])
    expect(counts(await results(owner, id))).toEqual([0, 1, 0])
    // an option of another poll is no option of this one
    const other = await create(owner)
    const [elsewhere] = await optionIds(other)
    await expect(vote(member, id, [elsewhere!])).rejects.toMatchObject(
      refused('22023', 'poll_option_invalid')
    )
  })

  it('takes many choices in a multiple-choice poll, and names the voters', async () => {
    const { owner, member, admin } = world.people
    const id = await create(owner, { multiple: true })
    const [pizza, sushi, salad] = await optionIds(id)
    await vote(member, id, [pizza!, sushi!])
    await vote(admin, id, [sushi!, salad!])
    await vote(member, id, [sushi!, salad!, sushi!])
    const poll = await results(owner, id)
    expect(counts(poll)).toEqual([0, 2, 2])
    expect(poll!.voters).toBe(2)
    expect(poll!.options[1]!.voted_by).toEqual([member.id, admin.id])
    // the votes of a poll that is not anonymous are readable by the channel's members
    const rows = await as(
      owner,
      (tx) => tx<{ user_id: string }[]>`
        select v.user_id from public.poll_votes v join public.polls p on p.id = v.poll_id
        where p.message_id = ${id}`
    )
    expect(rows).toHaveLength(4)
  })

  it('keeps who voted in an anonymous poll from everyone, its author included', async () => {
    const { owner, member, admin } = world.people
    const id = await create(owner, { anonymous: true })
    const [pizza, sushi] = await optionIds(id)
    await vote(member, id, [pizza!])
    await vote(admin, id, [sushi!])
    await vote(owner, id, [sushi!])
    const poll = await results(owner, id)
    expect(counts(poll)).toEqual([1, 2, 0])
    expect(poll!.options.map((o) => o.voted_by)).toEqual([null, null, null])
    expect(poll!.options.map((o) => o.mine)).toEqual([false, true, false])
    // through the table, each reads only their own vote
    for (const person of [owner, member, admin]) {
      const rows = await as(
        person,
        (tx) => tx<{ user_id: string }[]>`
          select v.user_id from public.poll_votes v join public.polls p on p.id = v.poll_id
          where p.message_id = ${id}`
      )
      expect(rows).toEqual([{ user_id: person.id }])
    }
    // the live events carry no voter
    const events = await stack.sql<{ record: Record<string, unknown> }[]>`
      select payload -> 'record' as record from realtime.messages
      where topic = ${'live:channel:' + world.ch.plaza} and payload ->> 'table' = 'polls'
        and payload -> 'record' ->> 'message_id' = ${id}`
    expect(events).toHaveLength(3)
    for (const e of events) {
      expect(Object.keys(e.record).sort()).toEqual(
        ['changed_at', 'channel_id', 'closed_at', 'ends_at', 'id', 'message_id'].sort()
      )
      expect(JSON.stringify(e.record)).not.toContain(member.id)
    }
  })

  it('closes by its author only, and a closed poll takes no vote', async () => {
    const { owner, member, admin } = world.people
    const id = await create(member)
    const [pizza] = await optionIds(id)
    await vote(owner, id, [pizza!])
    for (const person of [owner, admin]) {
      await expect(close(person, id)).rejects.toMatchObject(refused('42501', 'poll_author_only'))
    }
    await close(member, id)
    await close(member, id)
    const poll = await results(owner, id)
    expect(poll!.closed_at).not.toBeNull()
    expect(counts(poll)).toEqual([1, 0, 0])
    await expect(vote(admin, id, [pizza!])).rejects.toMatchObject(refused('22023', 'poll_closed'))
    await expect(vote(owner, id, [])).rejects.toMatchObject(refused('22023', 'poll_closed'))
  })

  it('is closed once past its end time', async () => {
    const { owner, member } = world.people
    const id = await create(owner, { endsAt: new Date(Date.now() + 60_000).toISOString() })
    const [pizza] = await optionIds(id)
    await vote(member, id, [pizza!])
    expect((await results(member, id))!.closed_at).toBeNull()
    await stack.sql`
      update public.polls set ends_at = now() - interval '1 second' where message_id = ${id}`
    expect((await results(member, id))!.closed_at).not.toBeNull()
    await expect(vote(member, id, [])).rejects.toMatchObject(refused('22023', 'poll_closed'))
  })

  it('lets only the channel’s members read or vote', async () => {
    const { owner, member, member2, outsider, guest } = world.people
    const open = await create(owner)
    const [pizza] = await optionIds(open)
    const quiet = await create(owner, { channel: world.ch.quiet })
    const [q] = await optionIds(quiet)
    // a guest of plaza votes there
    await vote(guest, open, [pizza!])
    for (const [person, message, option] of [
      [member2, open, pizza],
      [outsider, open, pizza],
      [guest, quiet, q],
    ] as const) {
      expect(await results(person, message)).toBeNull()
      await expect(vote(person, message, [option!])).rejects.toMatchObject(
        refused('22023', 'poll_not_found')
      )
      const seen = await as(
        person,
        (tx) => tx`select 1 from public.polls where message_id = ${message}`
      )
      expect(seen).toHaveLength(0)
    }
    // nobody writes the tables directly
    await expect(
      as(
        member,
        (tx) => tx`
          insert into public.poll_votes (poll_id, option_id, channel_id, user_id)
          select poll_id, id, ${world.ch.plaza}, ${member.id} from public.poll_options
          where id = ${pizza!}`
      )
    ).rejects.toMatchObject({ code: '42501' })
    // an outsider cannot make a poll in a channel they are not in
    await expect(create(outsider, { channel: world.ch.plaza })).rejects.toMatchObject({
      code: '42501',
    })
  })

  it("keeps a poll's text: its message cannot be edited, but can be deleted", async () => {
    const { member, owner } = world.people
    const id = await create(member)
    await expect(
      as(member, (tx) => tx`update public.messages set body = 'changed' where id = ${id}`)
    ).rejects.toMatchObject(refused('22023', 'poll_not_editable'))
    // the app's edit, as the composer would send it, is refused the same way
    await expect(
      as(member, (tx) => tx`select public.edit_message(${id}, '📊 Poll: Dinner? — a · b')`)
    ).rejects.toMatchObject(refused('22023', 'poll_not_editable'))
    await as(member, (tx) => tx`select public.delete_message(${id})`)
    await expect(vote(owner, id, [])).rejects.toMatchObject(refused('22023', 'message_deleted'))
  })

  it('in a thread: a reply voted on live by the channel; also sent to the channel if asked', async () => {
    const { member, admin, owner } = world.people
    const parent = randomUUID()
    await as(
      admin,
      (tx) => tx`select public.send_message(${parent}, ${world.ch.plaza}, 'Team lunch')`
    )
    const id = await create(member, { parent, question: 'Where?', options: ['Deli', 'Park'] })
    const [row] = await stack.sql<{ parent_id: string; in_channel: boolean; body: string }[]>`
      select parent_id, in_channel, body from public.messages where id = ${id}`
    expect(row).toEqual({
      parent_id: parent,
      in_channel: false,
      body: '📊 Poll: Where? — Deli · Park',
    })
    const [thread] = await stack.sql<{ reply_count: number }[]>`
      select reply_count from public.threads where id = ${parent}`
    expect(thread!.reply_count).toBe(1)
    const [deli] = await optionIds(id)
    await vote(admin, id, [deli!])
    await vote(owner, id, [deli!])
    expect(counts(await results(member, id))).toEqual([2, 0])
    // the same id again: the same poll; in another thread, or none, another message's id
    await create(member, { id, parent, question: 'Where?', options: ['Deli', 'Park'] })
    await expect(create(member, { id, question: 'Where?' })).rejects.toMatchObject(
      refused('23505', 'message_id_taken')
    )
    // also sent to the channel: a reply in both
    const both = await create(member, { parent, question: 'When?', alsoToChannel: true })
    const [shared] = await stack.sql<{ in_channel: boolean }[]>`
      select in_channel from public.messages where id = ${both}`
    expect(shared!.in_channel).toBe(true)
    // a thread of another channel is refused as a reply would be
    const elsewhere = randomUUID()
    await as(owner, (tx) => tx`select public.send_message(${elsewhere}, ${world.ch.general}, 'x')`)
    await expect(create(member, { parent: elsewhere })).rejects.toMatchObject(
      refused('22023', 'reply_parent_not_in_channel')
    )
  })
})
