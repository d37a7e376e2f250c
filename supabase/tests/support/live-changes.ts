// The changes of rls-realtime-live.test.ts, made as the app makes them (messages, reactions,
// files, channels, threads, memberships, read positions, workspaces, profiles), each recorded with
// the roles that must hear of it (support/live-expectations.ts).
import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import { about, caseAllows, recorder } from './live-expectations.ts'
import type { Expected, Recorder } from './live-expectations.ts'
import { recordOf } from './realtime.ts'
import type { Heard } from './realtime.ts'
import { asRole, asUser, makeMessage, makeMessageWithFile, makeReaction } from './world.ts'
import type { World } from './world.ts'

/**
 * Makes every change the matrix's live cases need, as the app makes them, and records who must
 * hear of each in `expected`.
 */
export async function makeChanges(sql: Sql, world: World, expected: Expected[]): Promise<void> {
  const expect_ = recorder(expected)
  const p = world.people
  const messageCases = [
    [world.ch.plaza, p.member, 'a message in a public channel'],
    [world.ch.quiet, p.owner, 'a message in a private channel'],
    [world.ch.dm, p.owner, 'a message in a direct message'],
    [world.ch.second, p.member2, 'a message in a public channel you are not in'],
    [world.ch.outside, p.outsider, 'a message in another workspace'],
  ] as const
  for (const [channel, author, what] of messageCases) {
    const allowed = caseAllows(`public.messages select: ${what}`)
    const id = await makeMessage(sql, author, channel, 'live')
    expect_(
      `INSERT ${what}`,
      about('messages', 'INSERT', id, (r) => r.seq !== undefined),
      allowed
    )
    await asUser(sql, author, (tx) => tx`select public.edit_message(${id}, 'live, edited')`)
    expect_(
      `UPDATE ${what}`,
      about('messages', 'UPDATE', id, (r) => r.edited_at !== null),
      allowed
    )
  }
  for (const [channel, what] of [
    [world.ch.plaza, 'a reaction in a public channel'],
    [world.ch.quiet, 'a reaction in a private channel'],
  ] as const) {
    const allowed = caseAllows(`public.reactions select: ${what}`)
    const message = await makeMessage(sql, p.owner, channel)
    const reaction = await makeReaction(sql, p.member, message, '👀')
    expect_(`INSERT ${what}`, about('reactions', 'INSERT', reaction), allowed)
    await asUser(sql, p.member, (tx) => tx`select public.set_reaction(${message}, '👀', false)`)
    const withMessage = (r: Record<string, unknown>) => r.message_id === message
    expect_(`DELETE ${what}`, about('reactions', 'DELETE', reaction, withMessage), allowed)
  }
  for (const [channel, what] of [
    [world.ch.plaza, 'an attachment in a public channel'],
    [world.ch.quiet, 'an attachment in a private channel'],
  ] as const) {
    const allowed = caseAllows(`public.attachments select: ${what}`)
    const made = await makeMessageWithFile(sql, p.owner, channel)
    expect_(`INSERT ${what}`, about('attachments', 'INSERT', made.attachment), allowed)
    await asUser(sql, p.owner, (tx) => tx`select public.delete_message(${made.message})`)
    const tombstone = (r: Record<string, unknown>) => r.deleted_at !== null && r.body === ''
    expect_(
      `the deleted message of ${what}`,
      about('messages', 'UPDATE', made.message, tombstone),
      allowed
    )
    expect_(`DELETE ${what}`, about('attachments', 'DELETE', made.attachment), allowed)
  }
  for (const [channel, what] of [
    [world.ch.plaza, 'a public channel'],
    [world.ch.second, 'a public channel you are not in'],
    [world.ch.quiet, 'a private channel'],
    [world.ch.dm, 'a direct message'],
    [world.ch.outside, "another workspace's channel"],
  ] as const) {
    const topic = randomUUID()
    await sql`update public.channels set topic = ${topic} where id = ${channel}`
    const changed = (r: Record<string, unknown>) => r.topic === topic && r.last_seq !== undefined
    expect_(
      `UPDATE ${what}`,
      about('channels', 'UPDATE', channel, changed),
      caseAllows(`public.channels select: ${what}`)
    )
  }
  await threadChanges(sql, world, expect_)
  await membershipChanges(sql, world, expect_)
  await sql`update public.workspaces set name = 'Matrix W, renamed' where id = ${world.ws}`
  expect_(
    'UPDATE the workspace',
    about('workspaces', 'UPDATE', world.ws),
    caseAllows('public.workspaces select: the workspace')
  )
  await sql`update public.workspaces set name = 'Elsewhere, renamed' where id = ${world.ws2}`
  expect_(
    'UPDATE another workspace',
    about('workspaces', 'UPDATE', world.ws2),
    caseAllows('public.workspaces select: another workspace')
  )
  const [membership] = await asUser(
    sql,
    p.owner,
    (tx) => tx<{ id: string }[]>`
    select id from public.set_member_role(${world.ws}, ${p.member2.id}, 'admin')`
  )
  expect_(
    "UPDATE member2's membership (role)",
    about('workspace_members', 'UPDATE', membership!.id, (r) => r.role === 'admin'),
    ['owner', 'admin', 'member']
  )
  for (const [who, what] of [
    [p.member, "a co-worker's profile"],
    [p.outsider, 'a profile in another workspace'],
  ] as const) {
    await asRole(
      sql,
      who,
      (tx) => tx`update public.profiles set display_name = 'Live name' where id = ${who.id}`
    )
    expect_(
      `UPDATE ${what}`,
      about('profiles', 'UPDATE', who.id, (r) => r.display_name === 'Live name'),
      caseAllows(`public.profiles select: ${what}`)
    )
  }
}

/** Replies and thread summaries to the channel's readers; following and reading to you alone. */
async function threadChanges(sql: Sql, world: World, expect_: Recorder): Promise<void> {
  const p = world.people
  for (const [channel, author, what] of [
    [world.ch.plaza, p.member, 'a public channel'],
    [world.ch.quiet, p.owner, 'a private channel'],
  ] as const) {
    const parent = await makeMessage(sql, author, channel, 'thread')
    const reply = randomUUID()
    await asUser(
      sql,
      author,
      (tx) => tx`select public.send_message(${reply}, ${channel}, 'reply', '[]'::jsonb, ${parent})`
    )
    expect_(
      `INSERT a reply in ${what}`,
      about(
        'messages',
        'INSERT',
        reply,
        (r) => r.parent_id === parent && Number(r.thread_seq) === 1
      ),
      caseAllows(`public.messages select: a reply in ${what}`)
    )
    expect_(
      `the summary of a thread in ${what}`,
      about('threads', 'UPDATE', parent, (r) => r.reply_count === 1),
      caseAllows(`public.threads select: a thread in ${what}`)
    )
  }
  const parent = await makeMessage(sql, p.owner, world.ch.plaza, 'read me')
  await asUser(
    sql,
    p.owner,
    (tx) =>
      tx`select public.send_message(${randomUUID()}, ${world.ch.plaza}, 'r', '[]'::jsonb, ${parent})`
  )
  await asUser(sql, p.member, (tx) => tx`select public.follow_thread(${parent})`)
  const [follow] = await sql<{ id: string }[]>`
    select id from public.thread_members where thread_id = ${parent} and user_id = ${p.member.id}`
  expect_(
    "member's follow of a thread",
    about('thread_members', 'INSERT', follow!.id, (r) => r.following === true),
    caseAllows("public.thread_members select: member's follow of a thread")
  )
}

/** Joins, leaves and read positions: your own row to you, the roster to who may read it. */
async function membershipChanges(sql: Sql, world: World, expect_: Recorder): Promise<void> {
  const p = world.people
  const room = await asUser(sql, p.owner, async (tx) => {
    const [c] = await tx<{ id: string }[]>`
      select id from public.create_channel(${world.ws}, ${`live-${randomUUID().slice(0, 6)}`})`
    return c!.id
  })
  await asUser(sql, p.member, (tx) => tx`select public.join_channel(${room})`)
  const [joined] = await sql<{ id: string }[]>`
    select id from public.channel_members where channel_id = ${room} and user_id = ${p.member.id}`
  expect_(
    "INSERT member's membership",
    about('channel_members', 'INSERT', joined!.id),
    caseAllows("public.channel_members select: member's membership")
  )
  const rosterOf = (channel: string, operation: string) => (h: Heard) =>
    h.event === operation &&
    h.payload.table === 'channel_roster' &&
    recordOf(h).channel_id === channel &&
    recordOf(h).user_id === p.member.id &&
    !('last_read_seq' in recordOf(h)) &&
    !('id' in recordOf(h))
  expect_('a join of a public channel (roster)', rosterOf(room, 'INSERT'), [
    'owner',
    'admin',
    'member',
  ])
  await makeMessage(sql, p.owner, room, 'unread')
  await asUser(sql, p.member, (tx) => tx`select public.mark_read(${room})`)
  expect_(
    "UPDATE member's read position",
    about('channel_members', 'UPDATE', joined!.id, (r) => Number(r.last_read_seq) > 0),
    ['member']
  )

  const hideout = await asUser(sql, p.owner, async (tx) => {
    const [c] = await tx<{ id: string }[]>`
      select id from public.create_channel(${world.ws}, ${`hide-${randomUUID().slice(0, 6)}`}, 'private', '', ${[p.member.id]})`
    return c!.id
  })
  const [inHideout] = await sql<{ id: string }[]>`
    select id from public.channel_members where channel_id = ${hideout} and user_id = ${p.member.id}`
  expect_('being added to a private channel', about('channel_members', 'INSERT', inHideout!.id), [
    'member',
  ])
  expect_('a private channel: someone added (roster)', rosterOf(hideout, 'INSERT'), ['owner'])
  await makeMessage(sql, p.owner, hideout, 'psst')
  expect_(
    'a new message in a private channel moves its last_seq',
    about('channels', 'UPDATE', hideout, (r) => Number(r.last_seq) === 1),
    ['owner', 'member']
  )
  await asUser(
    sql,
    p.owner,
    (tx) => tx`select public.remove_channel_member(${hideout}, ${p.member.id})`
  )
  expect_(
    'being removed from a private channel',
    about('channel_members', 'DELETE', inHideout!.id),
    ['member']
  )
  expect_('a private channel: someone removed (roster)', rosterOf(hideout, 'DELETE'), ['owner'])
}
