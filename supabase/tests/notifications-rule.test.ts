// The database's side of "should this person be told?": every case of the one table
// (support/notify-cases.json, which the browser's side runs too: app/src/features/notifications/
// notify-rule.test.ts) set up on the stack in a transaction rolled back afterwards: the person's
// settings, a push device, the message sent through send_message (its triggers expand @channel,
// @here and groups, and queue the push and the email), then what private.notify_decisions says
// of the push and the email at the case's time (the browser's answer is the app's test's). A case decided now goes on through the queues as the jobs take them: its
// push rows claimed by claim_push_batch (push_wanted) and its email rows by
// claim_notification_email (wanted_emails), and what each carries of the message's text.
import { randomUUID } from 'node:crypto'
import type { TransactionSql } from 'postgres'
import { describe, expect, it } from 'vitest'
import { NOTIFY_CASES } from './support/notify-cases.ts'
import type { NotifyCase } from './support/notify-cases.ts'
import { claimsOf } from './support/world.ts'
import type { Person } from './support/world.ts'
import { useWorldStack } from './support/world-stack.ts'
import type { WorldStack } from './support/world-stack.ts'

const t = useWorldStack({} as WorldStack)

type Told = Omit<NotifyCase['told'], 'browser'>

interface Answer {
  mentionsMe: boolean
  told: Told
  /** Through the queues (cases decided now): what was claimed, and whether with the text. */
  queues?: { push: boolean; pushText: boolean; email: boolean; emailText: boolean }
}

class Rollback extends Error {
  constructor(readonly answer: Answer) {
    super('rollback')
  }
}

/** Acts as the person (auth.uid()) for what follows in the transaction, still as superuser. */
const actAs = (tx: TransactionSql, person: Person) =>
  tx`select set_config('request.jwt.claims', ${JSON.stringify(claimsOf(person))}, true)`

async function send(
  tx: TransactionSql,
  author: Person,
  channel: string,
  body: string,
  parent: string | null = null,
  alsoToChannel = false
): Promise<string> {
  const id = randomUUID()
  await actAs(tx, author)
  await tx`select public.send_message(${id}, ${channel}, ${body}, '[]'::jsonb, ${parent},
    ${alsoToChannel})`
  return id
}

async function setUp(tx: TransactionSql, c: NotifyCase, me: Person, channel: string) {
  const ws = t.world.ws
  await tx`update public.channel_members set notify_level = ${c.level ?? null}, muted = ${c.muted ?? false}
    where channel_id = ${channel} and user_id = ${me.id}`
  await tx`delete from public.notification_defaults where workspace_id = ${ws} and user_id = ${me.id}`
  if (c.default)
    await tx`insert into public.notification_defaults (workspace_id, user_id, level)
      values (${ws}, ${me.id}, ${c.default})`
  const dnd = c.dnd ?? { start: '22:00', end: '08:00', timeZone: 'UTC', enabled: false }
  await tx`
    insert into public.notification_settings (user_id, dnd_enabled, dnd_start, dnd_end,
      dnd_time_zone, snooze_until, email_enabled)
    values (${me.id}, ${c.dnd ? c.dnd.enabled !== false : false}, ${dnd.start}, ${dnd.end},
      ${dnd.timeZone}, ${c.snoozeUntil ?? null}, ${c.email ?? true})
    on conflict (user_id) do update set dnd_enabled = excluded.dnd_enabled,
      dnd_start = excluded.dnd_start, dnd_end = excluded.dnd_end,
      dnd_time_zone = excluded.dnd_time_zone, snooze_until = excluded.snooze_until,
      email_enabled = excluded.email_enabled`
  await tx`update public.workspaces set notifications_hide_content = ${c.hidden ?? false}
    where id = ${ws}`
  await tx`delete from public.user_activity where workspace_id = ${ws} and user_id = ${me.id}`
  if (c.active)
    await tx`insert into public.user_activity (user_id, workspace_id, active_at)
      values (${me.id}, ${ws}, now())`
  await tx`
    insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, device_name)
    values (${me.id}, ${`https://push.example.test/${randomUUID()}`}, 'key', 'auth', 'Phone')`
}

async function bodyOf(tx: TransactionSql, c: NotifyCase, me: Person): Promise<string> {
  const { admin } = t.world.people
  switch (c.message.mention) {
    case undefined:
      return 'the deploy is done'
    case 'me':
      return `<@${me.id}> the deploy is done`
    case 'someone':
      return `<@${admin.id}> the deploy is done`
    case 'channel':
      return '<!channel> the deploy is done'
    case 'here':
      return '<!here> the deploy is done'
    case 'group': {
      const [group] = await tx<{ id: string }[]>`
        insert into public.user_groups (workspace_id, handle, name)
        values (${t.world.ws}, 'oncall', 'On call') returning id`
      await tx`insert into public.user_group_members (group_id, workspace_id, user_id)
        values (${group!.id}, ${t.world.ws}, ${admin.id})`
      if (c.inGroup)
        await tx`insert into public.user_group_members (group_id, workspace_id, user_id)
          values (${group!.id}, ${t.world.ws}, ${me.id})`
      return `<!subteam^${group!.id}|oncall> the deploy is done`
    }
  }
}

/** Claims the person's queued rows of the message as the job would: what each carries. */
async function throughQueues(tx: TransactionSql, me: Person, message: string) {
  const [push] = await tx<
    { id: string }[]
  >`insert into private.push_batches default values returning id`
  await tx`update private.push_queue set batch_id = ${push!.id}
    where message_id = ${message} and user_id = ${me.id}`
  const [pushed] = await tx<{ claim: { items: { body: string | null }[] } }[]>`
    select public.claim_push_batch(${push!.id}) as claim`
  const [email] = await tx<{ id: string }[]>`
    insert into private.email_batches (user_id, items) values (${me.id}, '[]') returning id`
  await tx`update private.email_queue set batch_id = ${email!.id}
    where message_id = ${message} and user_id = ${me.id}`
  const [mailed] = await tx<{ claim: { items: { body: string | null }[] } | null }[]>`
    select public.claim_notification_email(${email!.id}) as claim`
  const pushItem = pushed!.claim.items[0]
  const emailItem = mailed!.claim?.items[0]
  return {
    push: pushItem !== undefined,
    pushText: pushItem?.body != null,
    email: emailItem !== undefined,
    emailText: emailItem?.body != null,
  }
}

async function decide(c: NotifyCase): Promise<Answer> {
  const { people, ch } = t.world
  const me = c.person === 'guest' ? people.guest : people.member
  const channel = c.channel === 'dm' ? ch.dm : c.channel === 'private' ? ch.quiet : ch.plaza
  const writer = c.message.byMe ? me : people.owner
  try {
    await t.stack.sql.begin(async (tx) => {
      await setUp(tx, c, me, channel)
      const body = await bodyOf(tx, c, me)
      let parent: string | null = null
      if (c.message.reply) {
        // A thread (its first reply makes it one), which I follow or not.
        parent = await send(tx, people.owner, channel, 'a thread')
        await send(tx, people.owner, channel, 'a first reply', parent)
        await tx`
          insert into public.thread_members (thread_id, user_id, channel_id, following)
          values (${parent}, ${me.id}, ${channel}, ${c.message.reply === 'following'})
          on conflict (thread_id, user_id) do update set following = excluded.following`
      }
      const id = await send(tx, writer, channel, body, parent, c.message.alsoToChannel ?? false)
      const [reach] = await tx<{ mentions_me: boolean }[]>`
        select ${me.id}::uuid = any (mentions) as mentions_me from public.messages where id = ${id}`
      if (c.message.deleted) {
        await actAs(tx, writer)
        await tx`select public.delete_message(${id})`
      }
      if (c.read) {
        await actAs(tx, me)
        if (!parent || c.message.alsoToChannel) await tx`select public.mark_read(${channel})`
        else await tx`select public.mark_thread_read(${parent})`
      }
      const [row] = await tx<Told[]>`
        select d.push, d.email
        from private.notify_decisions(array[${me.id}::uuid], array[${id}::uuid],
          coalesce(${c.at ?? null}::timestamptz, now())) d`
      const answer: Answer = {
        mentionsMe: reach!.mentions_me,
        told: { push: row!.push, email: row!.email },
      }
      if (!c.at) answer.queues = await throughQueues(tx, me, id)
      throw new Rollback(answer)
    })
  } catch (error) {
    if (error instanceof Rollback) return error.answer
    throw error
  }
  throw new Error('unreachable')
}

describe('should this person be told? (the database)', () => {
  it.each(NOTIFY_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const answer = await decide(c)
    expect(answer.mentionsMe).toBe(c.message.mentionsMe ?? false)
    expect(answer.told).toEqual({ push: c.told.push, email: c.told.email })
    if (answer.queues) {
      const text = c.text ?? { browser: true, push: true, email: true }
      expect(answer.queues).toEqual({
        push: c.told.push,
        pushText: c.told.push && text.push,
        email: c.told.email === 'now',
        emailText: c.told.email === 'now' && text.email,
      })
    }
  })
})
