// The RLS matrix's cases for what is each person's own: notification settings, statuses, Auth's
// sessions. One line per case, read as a table.
import { randomUUID } from 'node:crypto'
import {
  inPlaza,
  unique,
  one,
  membershipOf,
  sessionOf,
  membersSettings,
  statusOf,
  membersStatus,
} from './matrix-kit.ts'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import { asUser, makeMessage } from './world.ts'

/** A device of member's with push on (as register_push_subscription stores it). */
const membersDevice = ({ sql, world }: MatrixContext) =>
  one(sql`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, device_name)
    values (${world.people.member.id}, ${`https://push.example/${randomUUID()}`},
      ${'B' + 'A'.repeat(86)}, ${'A'.repeat(22)}, 'Phone') returning id`)

/** member's Activity read marks (as mark_activity_seen() keeps them). */
const membersMarks = async ({ sql, world }: MatrixContext) => {
  await asUser(
    sql,
    world.people.member,
    (tx) => tx`select public.mark_activity_seen(${world.ws}, null)`
  )
  return one(
    sql`select id from public.activity_marks where user_id = ${world.people.member.id} and workspace_id = ${world.ws}`
  )
}

/** A message of member's in plaza scheduled for an hour from now (as schedule_message makes it). */
const membersScheduled = ({ sql, world }: MatrixContext) =>
  asUser(sql, world.people.member, (tx) =>
    one(tx`select id from public.schedule_message(${randomUUID()}, ${world.ch.plaza},
      ${unique('later')}, now() + interval '1 hour')`)
  )

/** Member's draft in plaza (as save_draft makes it). */
const membersDraft = ({ sql, world }: MatrixContext) =>
  asUser(sql, world.people.member, (tx) =>
    one(tx`select id from public.save_draft(${world.ch.plaza}, ${unique('draft')})`)
  )

/** A section of member's in W holding plaza (as the sidebar's "New section…" makes it). */
const membersSection = ({ sql, world }: MatrixContext) =>
  asUser(sql, world.people.member, (tx) =>
    one(tx`select id from public.create_sidebar_section(${world.ws}, ${unique('Projects')},
      ${world.ch.plaza})`)
  )

/** member's placement of plaza in a section of hers. */
const membersPlacement = async (ctx: MatrixContext) => {
  await membersSection(ctx)
  return one(ctx.sql`select id from public.sidebar_placements
    where user_id = ${ctx.world.people.member.id} and channel_id = ${ctx.world.ch.plaza}`)
}

/** Nobody's placement of plaza (before each star: one per person and channel). */
const plazaUnplaced = async ({ sql, world }: MatrixContext) => {
  await sql`delete from public.sidebar_placements where channel_id = ${world.ch.plaza}`
  return world.ch.plaza
}

/** Nobody's first steps hidden in W (before each insert: one per person). */
const noDismissals = async ({ sql, world }: MatrixContext) => {
  await sql`delete from public.first_steps_dismissals where workspace_id = ${world.ws}`
  return world.ws
}

/** Member's first steps, hidden in W. */
const membersDismissal = ({ sql, world }: MatrixContext) =>
  one(sql`insert into public.first_steps_dismissals (workspace_id, user_id)
    values (${world.ws}, ${world.people.member.id})
    on conflict (workspace_id, user_id) do update set dismissed_at = now() returning id`)

/** A message of member2's in second (the public channel only she is in) naming member. */
const member2sMessage = ({ sql, world }: MatrixContext) =>
  makeMessage(sql, world.people.member2, world.ch.second, 'ask member')
/** member2's message, and its notice to member. */
const membersNotice = async (ctx: MatrixContext) => {
  const message = await member2sMessage(ctx)
  await asUser(
    ctx.sql,
    ctx.world.people.member2,
    (tx) => tx`select public.send_activity_notices(${message}, ${[ctx.world.people.member.id]})`
  )
  return one(ctx.sql`select id from public.activity_notices where message_id = ${message}`)
}
/** A message of admin's in a new public channel of its own, and member's id: "<message> <member>". */
const adminsMessageAndMember = async ({ sql, world }: MatrixContext) => {
  const channel = await asUser(sql, world.people.admin, (tx) =>
    one(tx`select id from public.create_channel(${world.ws}, ${unique('told').replace(' ', '-')})`)
  )
  return `${await makeMessage(sql, world.people.admin, channel, 'ask member')} ${world.people.member.id}`
}

// prettier-ignore
export const PERSONAL_CASES: readonly MatrixCase[] = [
  // notification settings: your own only, written only through the RPCs
  { kind: 'row', table: 'public.notification_settings', what: "member's settings", op: 'select', allowed: ['member'], row: membersSettings },
  { kind: 'row', table: 'public.notification_settings', what: 'settings of your own', op: 'insert', allowed: [], values: (_c, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID() }) },
  { kind: 'row', table: 'public.notification_settings', what: "member's snooze", op: 'update', allowed: [], row: membersSettings, patch: () => ({ snooze_until: new Date(Date.now() + Math.floor(Math.random() * 3600_000)).toISOString() }), changed: (after) => after.snooze_until !== null },
  { kind: 'row', table: 'public.notification_defaults', what: "member's workspace default", op: 'select', allowed: ['member'], row: async ({ sql, world }) => { await asUser(sql, world.people.member, (tx) => tx`select public.set_notification_default(${world.ws}, 'all')`); return one(sql`select id from public.notification_defaults where user_id = ${world.people.member.id}`) } },
  { kind: 'row', table: 'public.channel_members', what: "member's mute of a channel", op: 'update', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ muted: true }) },

  // push devices: only their owner reads or removes one; added and renamed only through the RPC
  { kind: 'row', table: 'public.push_subscriptions', what: "member's device", op: 'select', allowed: ['member'], row: membersDevice },
  { kind: 'row', table: 'public.push_subscriptions', what: 'a device of your own', op: 'insert', allowed: [], values: (_c, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), endpoint: `https://push.example/${randomUUID()}`, p256dh: 'x', auth: 'y', device_name: 'Mine' }) },
  { kind: 'row', table: 'public.push_subscriptions', what: "member's device name", op: 'update', allowed: [], row: membersDevice, patch: () => ({ device_name: unique('Renamed') }) },
  { kind: 'row', table: 'public.push_subscriptions', what: "member's device", op: 'delete', allowed: ['member'], row: membersDevice },
  { kind: 'call', table: 'public.test_push_subscription', what: "member's device tested", op: 'call', allowed: ['member'], row: membersDevice, args: (key) => ({ p_id: key }), done: async (sql, key) => (await sql`select 1 from private.push_queue where subscription_id = ${key} and kind = 'test'`).length === 1 },

  // Activity's read marks: their owner's only, written only through mark_activity_seen()
  { kind: 'row', table: 'public.activity_marks', what: "member's read marks", op: 'select', allowed: ['member'], row: membersMarks },
  { kind: 'row', table: 'public.activity_marks', what: 'read marks of your own', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), workspace_id: world.ws }) },
  { kind: 'row', table: 'public.activity_marks', what: "member's read marks", op: 'update', allowed: [], row: membersMarks, patch: () => ({ read_items: ['m:' + randomUUID()] }) },
  { kind: 'row', table: 'public.activity_marks', what: "member's read marks", op: 'delete', allowed: [], row: membersMarks },
  // sidebar sections: their person's only, written only through the RPCs
  { kind: 'row', table: 'public.sidebar_sections', what: "member's section", op: 'select', allowed: ['member'], row: membersSection },
  { kind: 'row', table: 'public.sidebar_sections', what: 'a section of your own', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), workspace_id: world.ws, name: unique('sneaked') }) },
  { kind: 'row', table: 'public.sidebar_sections', what: "member's section", op: 'update', allowed: [], row: membersSection, patch: () => ({ name: unique('renamed') }) },
  { kind: 'row', table: 'public.sidebar_sections', what: "member's section", op: 'delete', allowed: [], row: membersSection },
  { kind: 'row', table: 'public.sidebar_placements', what: "member's channel in a section", op: 'select', allowed: ['member'], row: membersPlacement },
  { kind: 'row', table: 'public.sidebar_placements', what: 'a channel of your own in a section', op: 'insert', allowed: [], row: membersSection, values: ({ world }, a, section) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), channel_id: world.ch.general, workspace_id: world.ws, section_id: section }) },
  { kind: 'row', table: 'public.sidebar_placements', what: "member's channel in a section", op: 'update', allowed: [], row: membersPlacement, patch: () => ({ position: Math.random() }) },
  { kind: 'row', table: 'public.sidebar_placements', what: "member's channel in a section", op: 'delete', allowed: [], row: membersPlacement },
  { kind: 'call', table: 'public.create_sidebar_section', what: 'a section of your own in W', op: 'call', allowed: inPlaza, refusals: ['22023'], row: async (ctx) => `${ctx.world.ws}|${unique('Section')}`, args: (key) => ({ p_workspace_id: key.split('|')[0], p_name: key.split('|')[1] }), done: async (sql, key) => (await sql`select 1 from public.sidebar_sections where name = ${key.split('|')[1]!}`).length === 1 },
  { kind: 'call', table: 'public.update_sidebar_section', what: "member's section renamed", op: 'call', allowed: ['member'], refusals: ['22023'], row: async (ctx) => `${ctx.world.ws} ${await membersSection(ctx)} ${unique('Renamed')}`, args: (key) => ({ p_workspace_id: key.split(' ')[0], p_section: key.split(' ')[1], p_name: key.split(' ').slice(2).join(' ') }), done: async (sql, key) => (await sql`select 1 from public.sidebar_sections where id = ${key.split(' ')[1]!} and name = ${key.split(' ').slice(2).join(' ')}`).length === 1 },
  { kind: 'call', table: 'public.delete_sidebar_section', what: "member's section deleted", op: 'call', allowed: ['member'], refusals: ['22023'], row: async (ctx) => `${ctx.world.ws} ${await membersSection(ctx)}`, args: (key) => ({ p_workspace_id: key.split(' ')[0], p_section: key.split(' ')[1] }), done: async (sql, key) => (await sql`select 1 from public.sidebar_sections where id = ${key.split(' ')[1]!}`).length === 0 },
  { kind: 'call', table: 'public.place_in_sidebar', what: 'plaza starred', op: 'call', allowed: inPlaza, refusals: ['22023'], row: plazaUnplaced, args: (key) => ({ p_channel_id: key, p_section: 'starred' }), done: async (sql, key) => (await sql`select 1 from public.sidebar_placements where channel_id = ${key}`).length === 1 },
  // scheduled messages (send later): their author's only, written only through the RPCs
  { kind: 'row', table: 'public.scheduled_messages', what: "member's scheduled message", op: 'select', allowed: ['member'], row: membersScheduled },
  { kind: 'row', table: 'public.scheduled_messages', what: 'a scheduled message of your own', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), workspace_id: world.ws, channel_id: world.ch.plaza, body: 'sneaked in', send_at: new Date(Date.now() + 3600_000).toISOString() }) },
  { kind: 'row', table: 'public.scheduled_messages', what: "member's scheduled message", op: 'update', allowed: [], row: membersScheduled, patch: () => ({ body: unique('changed') }) },
  { kind: 'row', table: 'public.scheduled_messages', what: "member's scheduled message", op: 'delete', allowed: [], row: membersScheduled },
  { kind: 'call', table: 'public.cancel_scheduled_message', what: "member's scheduled message cancelled", op: 'call', allowed: ['member'], refusals: ['22023'], row: membersScheduled, args: (key) => ({ p_id: key }), done: async (sql, key) => (await sql`select 1 from public.scheduled_messages where id = ${key}`).length === 0 },
  { kind: 'call', table: 'public.update_scheduled_message', what: "member's scheduled message edited", op: 'call', allowed: ['member'], refusals: ['22023'], row: membersScheduled, args: (key) => ({ p_id: key, p_body: 'edited' }), done: async (sql, key) => (await sql`select 1 from public.scheduled_messages where id = ${key} and body = 'edited'`).length === 1 },

  // drafts: their writer's only, in channels they are in, written only through save_draft
  { kind: 'row', table: 'public.drafts', what: "member's draft", op: 'select', allowed: ['member'], row: membersDraft },
  { kind: 'row', table: 'public.drafts', what: 'a draft of your own', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), workspace_id: world.ws, channel_id: world.ch.plaza, body: 'sneaked in', edited_at: new Date().toISOString() }) },
  { kind: 'row', table: 'public.drafts', what: "member's draft", op: 'update', allowed: [], row: membersDraft, patch: () => ({ body: unique('changed') }) },
  { kind: 'row', table: 'public.drafts', what: "member's draft", op: 'delete', allowed: [], row: membersDraft },
  { kind: 'call', table: 'public.save_draft', what: 'a draft in plaza saved', op: 'call', allowed: inPlaza, row: async ({ world }) => `${world.ch.plaza} ${randomUUID()}`, args: (key) => ({ p_channel_id: key.split(' ')[0], p_body: key.split(' ')[1] }), done: async (sql, key) => (await sql`select 1 from public.drafts where body = ${key.split(' ')[1]!}`).length === 1 },

  // the first steps' card hidden: each person's own, in a workspace they are in; never changed
  { kind: 'row', table: 'public.first_steps_dismissals', what: "member's dismissal", op: 'select', allowed: ['member'], row: membersDismissal },
  { kind: 'row', table: 'public.first_steps_dismissals', what: 'a dismissal of your own in W', op: 'insert', allowed: inPlaza, row: noDismissals, values: ({ world }, a) => ({ id: randomUUID(), workspace_id: world.ws, user_id: a?.id ?? randomUUID() }) },
  { kind: 'row', table: 'public.first_steps_dismissals', what: "a dismissal in member's name", op: 'insert', allowed: ['member'], row: noDismissals, values: ({ world }) => ({ id: randomUUID(), workspace_id: world.ws, user_id: world.people.member.id }) },
  { kind: 'row', table: 'public.first_steps_dismissals', what: "member's dismissal", op: 'update', allowed: [], row: membersDismissal, patch: () => ({ dismissed_at: new Date(Date.now() - Math.floor(Math.random() * 3600_000)).toISOString() }) },
  { kind: 'row', table: 'public.first_steps_dismissals', what: "member's dismissal", op: 'delete', allowed: ['member'], row: membersDismissal },

  // statuses: read as profiles are, written only through set_status() and clear_status()
  { kind: 'row', table: 'public.user_statuses', what: "a co-worker's status", op: 'select', allowed: inPlaza, row: statusOf((w) => w.people.owner) },
  { kind: 'row', table: 'public.user_statuses', what: "the outsider's status", op: 'select', allowed: ['outsider'], row: ({ sql, world }) => asUser(sql, world.people.outsider, (tx) => one(tx`select id from public.set_status('🌴', 'away', 'never', 'UTC')`)) },
  { kind: 'row', table: 'public.user_statuses', what: 'a status of your own', op: 'insert', allowed: [], values: (_c, a) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), emoji: '😀', clear_after: 'never' }) },
  { kind: 'row', table: 'public.user_statuses', what: "member's status text", op: 'update', allowed: [], row: membersStatus, patch: () => ({ text: unique('Changed') }) },
  { kind: 'row', table: 'public.user_statuses', what: "member's status", op: 'delete', allowed: [], row: membersStatus },
  { kind: 'call', table: 'public.set_status', what: "member's status set", op: 'call', allowed: ['member'], row: async (ctx) => { await membersStatus(ctx); return ctx.world.people.member.id }, args: () => ({ p_emoji: '🤒', p_text: 'Out sick', p_clear_after: 'never', p_time_zone: 'UTC' }), done: async (sql, key) => (await sql`select 1 from public.user_statuses where user_id = ${key} and text = 'Out sick'`).length === 1 },
  { kind: 'call', table: 'public.clear_status', what: "member's status cleared", op: 'call', allowed: ['member'], row: async (ctx) => { await membersStatus(ctx); return ctx.world.people.member.id }, args: () => ({}), done: async (sql, key) => (await sql`select 1 from public.user_statuses where user_id = ${key}`).length === 0 },

  // Auth's sessions, only through the RPCs (auth.sessions is not in the API's schemas)
  { kind: 'call', table: 'public.my_sessions', what: "member's session listed", op: 'call', allowed: ['member'], row: sessionOf((w) => w.people.member), args: () => ({}), done: async (_sql, key, rows) => rows.some((r) => r.id === key) },
  { kind: 'call', table: 'public.sign_out_session', what: "member's other session", op: 'call', allowed: ['member'], row: sessionOf((w) => w.people.member), args: (key) => ({ p_session_id: key }), done: async (sql, key) => (await sql`select 1 from auth.sessions where id = ${key}`).length === 0, refusals: ['22023'] },

  // "Let them know": a notice is its recipient's to read; written only by send_activity_notices,
  // which only a message's author calls; a public channel's page is for its workspace's people
  { kind: 'row', table: 'public.activity_notices', what: "member's notice", op: 'select', allowed: ['member'], row: membersNotice },
  { kind: 'row', table: 'public.activity_notices', what: 'a notice to yourself', op: 'insert', allowed: [], row: member2sMessage, values: ({ world }, a, message) => ({ id: randomUUID(), workspace_id: world.ws, channel_id: world.ch.second, message_id: message, user_id: a?.id ?? randomUUID() }) },
  { kind: 'row', table: 'public.activity_notices', what: "member's notice", op: 'update', allowed: [], row: membersNotice, patch: () => ({ created_at: new Date(Date.now() - Math.floor(Math.random() * 3600_000)).toISOString() }) },
  { kind: 'row', table: 'public.activity_notices', what: "member's notice", op: 'delete', allowed: [], row: membersNotice },
  { kind: 'call', table: 'public.send_activity_notices', what: "admin's message told to member", op: 'call', allowed: ['admin'], row: adminsMessageAndMember, args: (key) => ({ p_message_id: key.split(' ')[0], p_user_ids: [key.split(' ')[1]] }), done: async (sql, key) => (await sql`select 1 from public.activity_notices where message_id = ${key.split(' ')[0]!}`).length === 1, refusals: ['22023'] },
  { kind: 'call', table: 'public.public_channel_page', what: "second's messages read before joining", op: 'call', allowed: ['owner', 'admin', 'member'], row: async (ctx) => `${await member2sMessage(ctx)} ${ctx.world.ch.second}`, args: (key) => ({ p_channel_id: key.split(' ')[1] }), done: async (_sql, key, rows) => JSON.stringify(rows).includes(key.split(' ')[0]!), refusals: ['22023'] },
]
