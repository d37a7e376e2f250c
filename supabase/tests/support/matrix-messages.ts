// The RLS matrix's cases for messages and what hangs on them: thread replies, threads and who
// follows them, edit history, saved items, pins, reactions, attachments. One line per case, read as
// a table.
import { randomUUID } from 'node:crypto'
import {
  members,
  inPlaza,
  inQuiet,
  unique,
  messageIn,
  fileIn,
  replyIn,
  threadIn,
  membersFollow,
  pinnedMessage,
  pinIn,
  readReplyInQuiet,
  readInQuiet,
  versionIn,
  savedBy,
  savedMessage,
  savedState,
  isPinned,
  messageFields,
} from './matrix-kit.ts'
import type { MatrixCase } from './matrix-kit.ts'
import { makeMessage, makeReaction, makeStoredObject } from './world.ts'

// prettier-ignore
export const MESSAGE_CASES: readonly MatrixCase[] = [
  // messages
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel', op: 'select', allowed: inPlaza, row: messageIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.messages', what: 'a message in a private channel', op: 'select', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.messages', what: 'a message in a direct message', op: 'select', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel you are not in', op: 'select', allowed: [], row: messageIn((w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.messages', what: "a message in another workspace", op: 'select', allowed: ['outsider'], row: messageIn((w) => w.people.outsider, (w) => w.ch.outside) },
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel', op: 'insert', allowed: inPlaza, values: ({ world }, a) => messageFields(world.ch.plaza, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in a private channel', op: 'insert', allowed: inQuiet, values: ({ world }, a) => messageFields(world.ch.quiet, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in a direct message', op: 'insert', allowed: inQuiet, values: ({ world }, a) => messageFields(world.ch.dm, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in a public channel you are not in', op: 'insert', allowed: [], values: ({ world }, a) => messageFields(world.ch.second, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in another workspace', op: 'insert', allowed: ['outsider'], values: ({ world }, a) => messageFields(world.ch.outside, a) },
  { kind: 'row', table: 'public.messages', what: 'a message in an archived channel', op: 'insert', allowed: [], refusals: ['22023'], values: ({ world }, a) => messageFields(world.ch.attic, a) },
  { kind: 'row', table: 'public.messages', what: "a message as member (author_id = member)", op: 'insert', allowed: ['member'], values: ({ world }) => messageFields(world.ch.plaza, world.people.member) },
  { kind: 'row', table: 'public.messages', what: "member's message body (edit)", op: 'update', allowed: ['member'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ body: unique('edited') }) },
  { kind: 'row', table: 'public.messages', what: "member's message deleted_at (delete)", op: 'update', allowed: ['member'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ deleted_at: new Date().toISOString() }), changed: (after) => after.deleted_at !== null && after.body === '' },
  { kind: 'row', table: 'public.messages', what: "owner's message in a private channel (edit)", op: 'update', allowed: ['owner'], row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), patch: () => ({ body: unique('edited') }) },
  { kind: 'row', table: 'public.messages', what: "a message's seq", op: 'update', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ seq: 100000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.messages', what: "member's message (hard delete)", op: 'delete', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza) },

  // messages: thread replies
  { kind: 'row', table: 'public.messages', what: 'a reply in a public channel', op: 'select', allowed: inPlaza, row: replyIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.messages', what: 'a reply in a private channel', op: 'select', allowed: inQuiet, row: replyIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.messages', what: 'a reply in a private channel', op: 'insert', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), values: ({ world }, a, parent) => ({ ...messageFields(world.ch.quiet, a), parent_id: parent }) },
  { kind: 'row', table: 'public.messages', what: 'a reply in a public channel you are not in', op: 'insert', allowed: [], row: messageIn((w) => w.people.member2, (w) => w.ch.second), values: ({ world }, a, parent) => ({ ...messageFields(world.ch.second, a), parent_id: parent }) },
  { kind: 'row', table: 'public.messages', what: "a reply's thread_seq", op: 'update', allowed: [], row: replyIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ thread_seq: 100000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.messages', what: "a reply's parent_id", op: 'update', allowed: [], row: replyIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ parent_id: randomUUID() }) },
  { kind: 'row', table: 'public.messages', what: "a reply's in_channel", op: 'update', allowed: [], row: replyIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ in_channel: true }) },

  // threads (the parent's summary)
  { kind: 'row', table: 'public.threads', what: 'a thread in a public channel', op: 'select', allowed: inPlaza, row: threadIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.threads', what: 'a thread in a private channel', op: 'select', allowed: inQuiet, row: threadIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.threads', what: 'a thread in a public channel you are not in', op: 'select', allowed: [], row: threadIn((w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.threads', what: 'a new thread', op: 'insert', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, _a, parent) => ({ id: parent, channel_id: world.ch.plaza }) },
  { kind: 'row', table: 'public.threads', what: "a thread's reply count", op: 'update', allowed: [], row: threadIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ reply_count: 1000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.threads', what: 'a thread', op: 'delete', allowed: [], row: threadIn((w) => w.people.member, (w) => w.ch.plaza) },

  // thread_members (following and read positions)
  { kind: 'row', table: 'public.thread_members', what: "member's follow of a thread", op: 'select', allowed: ['member'], row: membersFollow },
  { kind: 'row', table: 'public.thread_members', what: 'yourself following a thread', op: 'insert', allowed: [], row: threadIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, a, thread) => ({ id: randomUUID(), thread_id: thread, user_id: a?.id ?? null, channel_id: world.ch.plaza }) },
  { kind: 'row', table: 'public.thread_members', what: "member's thread read position", op: 'update', allowed: [], row: membersFollow, patch: () => ({ last_read_seq: 1000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.thread_members', what: "member's follow of a thread", op: 'delete', allowed: [], row: membersFollow },

  // message_versions (edit history): readable by exactly the message's readers; kept by a trigger
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version in a public channel', op: 'select', allowed: inPlaza, row: versionIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version in a private channel', op: 'select', allowed: inQuiet, row: versionIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version in a public channel you are not in', op: 'select', allowed: [], row: versionIn((w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.message_versions', what: 'a made-up earlier version', op: 'insert', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, _a, message) => ({ id: randomUUID(), message_id: message, channel_id: world.ch.plaza, body: 'never said', written_at: new Date().toISOString(), replaced_at: new Date().toISOString() }) },
  { kind: 'row', table: 'public.message_versions', what: "an earlier version's text", op: 'update', allowed: [], row: versionIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ body: unique('rewritten') }) },
  { kind: 'row', table: 'public.message_versions', what: 'an earlier version', op: 'delete', allowed: [], row: versionIn((w) => w.people.member, (w) => w.ch.plaza) },

  // saved_items (Later): private to their owner, and only while they can read the message
  { kind: 'row', table: 'public.saved_items', what: "member's saved message in a public channel", op: 'select', allowed: ['member'], row: savedBy((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.saved_items', what: "owner's saved message in a public channel", op: 'select', allowed: ['owner'], row: savedBy((w) => w.people.owner, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.saved_items', what: "member's saved message in a private channel", op: 'select', allowed: ['member'], row: savedBy((w) => w.people.member, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.saved_items', what: 'a saved message of your own', op: 'insert', allowed: [], row: messageIn((w) => w.people.owner, (w) => w.ch.plaza), values: ({ world }, a, message) => ({ id: randomUUID(), user_id: a?.id ?? randomUUID(), message_id: message, channel_id: world.ch.plaza }) },
  { kind: 'row', table: 'public.saved_items', what: "member's reminder", op: 'update', allowed: [], row: savedBy((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ remind_at: null }) },
  { kind: 'row', table: 'public.saved_items', what: "member's saved message", op: 'delete', allowed: [], row: savedBy((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'call', table: 'public.save_message', what: 'saving a message of a private channel', op: 'call', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await sql`select 1 from public.saved_items where message_id = ${key}`).length === 1, refusals: ['22023'] },
  { kind: 'call', table: 'public.set_saved_done', what: "member's saved message marked done", op: 'call', allowed: ['member'], row: savedMessage((w) => w.people.member, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key, p_done: true }), done: async (sql, key) => (await savedState(sql, key))?.done_at != null, refusals: ['22023'] },
  { kind: 'call', table: 'public.unsave_message', what: "member's saved message removed", op: 'call', allowed: ['member'], row: savedMessage((w) => w.people.member, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await savedState(sql, key)) === undefined },
  { kind: 'call', table: 'public.later_items', what: "member's Later list", op: 'call', allowed: ['member'], row: async (ctx) => `${ctx.world.ws} ${await savedMessage((w) => w.people.member, (w) => w.ch.plaza)(ctx)}`, args: (key) => ({ p_workspace_id: key.split(' ')[0] }), done: async (_sql, key, rows) => rows.some((r) => r.message_id === key.split(' ')[1]) },

  // pins: readable by exactly those who can read the message; written only by the RPCs
  { kind: 'row', table: 'public.pins', what: 'a pin in a public channel', op: 'select', allowed: inPlaza, row: pinIn((w) => w.people.member, (w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.pins', what: 'a pin in a private channel', op: 'select', allowed: inQuiet, row: pinIn((w) => w.people.owner, (w) => w.people.member, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.pins', what: 'a pin in a direct message', op: 'select', allowed: inQuiet, row: pinIn((w) => w.people.owner, (w) => w.people.owner, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.pins', what: 'a pin in a public channel you are not in', op: 'select', allowed: [], row: pinIn((w) => w.people.member2, (w) => w.people.member2, (w) => w.ch.second) },
  { kind: 'row', table: 'public.pins', what: 'a new pin', op: 'insert', allowed: [], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, a, message) => ({ id: randomUUID(), message_id: message, channel_id: world.ch.plaza, pinned_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.pins', what: "a pin's pinner", op: 'update', allowed: [], row: pinIn((w) => w.people.member, (w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ pinned_by: null }) },
  { kind: 'row', table: 'public.pins', what: 'a pin', op: 'delete', allowed: [], row: pinIn((w) => w.people.member, (w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'call', table: 'public.pin_message', what: 'pinning a message in a private channel', op: 'call', allowed: inQuiet, row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), args: (key) => ({ p_message_id: key }), done: isPinned, refusals: ['22023'] },
  { kind: 'call', table: 'public.unpin_message', what: "unpinning owner's pin of their own message", op: 'call', allowed: ['owner', 'admin'], row: pinnedMessage((w) => w.people.owner, (w) => w.people.owner, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key }), done: async (sql, key) => !(await isPinned(sql, key)), refusals: ['22023'] },
  { kind: 'call', table: 'public.unpin_message', what: "unpinning owner's pin of member's message", op: 'call', allowed: members, row: pinnedMessage((w) => w.people.member, (w) => w.people.owner, (w) => w.ch.plaza), args: (key) => ({ p_message_id: key }), done: async (sql, key) => !(await isPinned(sql, key)), refusals: ['22023'] },
  { kind: 'call', table: 'public.channel_pins', what: "a private channel's pins", op: 'call', allowed: inQuiet, row: async (ctx) => { await pinIn((w) => w.people.owner, (w) => w.people.owner, (w) => w.ch.quiet)(ctx); return ctx.world.ch.quiet }, args: (key) => ({ p_channel_id: key }), done: async (_sql, _key, rows) => rows.length > 0 },
  { kind: 'call', table: 'public.mark_unread', what: 'a message in a private channel marked unread', op: 'call', allowed: inQuiet, row: readInQuiet, args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await sql`select 1 from public.channel_members cm join public.messages m on m.channel_id = cm.channel_id where m.id = ${key} and cm.last_read_seq = m.seq - 1`).length === 1, refusals: ['22023'] },
  { kind: 'call', table: 'public.mark_thread_unread', what: 'a reply in a private channel marked unread in its thread', op: 'call', allowed: inQuiet, row: readReplyInQuiet, args: (key) => ({ p_message_id: key }), done: async (sql, key) => (await sql`select 1 from public.thread_members tm join public.messages m on m.parent_id = tm.thread_id where m.id = ${key} and tm.last_read_seq = m.thread_seq - 1`).length === 1, refusals: ['22023'] },

  // reactions
  { kind: 'row', table: 'public.reactions', what: 'a reaction in a public channel', op: 'select', allowed: inPlaza, row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.member, world.ch.plaza)) },
  { kind: 'row', table: 'public.reactions', what: 'a reaction in a private channel', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.owner, world.ch.quiet)) },
  { kind: 'row', table: 'public.reactions', what: 'your reaction in a public channel', op: 'insert', allowed: inPlaza, refusals: ['22023'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: (_c, a, message) => ({ id: randomUUID(), message_id: message, user_id: a?.id ?? null, emoji: '🎉' }) },
  { kind: 'row', table: 'public.reactions', what: 'your reaction in a private channel', op: 'insert', allowed: inQuiet, refusals: ['22023'], row: messageIn((w) => w.people.owner, (w) => w.ch.quiet), values: (_c, a, message) => ({ id: randomUUID(), message_id: message, user_id: a?.id ?? null, emoji: '🎉' }) },
  { kind: 'row', table: 'public.reactions', what: "a reaction as member (user_id = member)", op: 'insert', allowed: ['member'], refusals: ['22023'], row: messageIn((w) => w.people.member, (w) => w.ch.plaza), values: ({ world }, _a, message) => ({ id: randomUUID(), message_id: message, user_id: world.people.member.id, emoji: '🎉' }) },
  { kind: 'row', table: 'public.reactions', what: "a reaction's emoji", op: 'update', allowed: [], row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.member, world.ch.plaza)), patch: () => ({ emoji: '🚀' }) },
  { kind: 'row', table: 'public.reactions', what: "member's reaction", op: 'delete', allowed: ['member'], row: async ({ sql, world }) => makeReaction(sql, world.people.member, await makeMessage(sql, world.people.member, world.ch.plaza)) },

  // attachments
  { kind: 'row', table: 'public.attachments', what: 'an attachment in a public channel', op: 'select', allowed: inPlaza, row: fileIn((w) => w.people.owner, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.attachments', what: 'an attachment in a private channel', op: 'select', allowed: inQuiet, row: fileIn((w) => w.people.owner, (w) => w.ch.quiet) },
  {
    kind: 'row', table: 'public.attachments', what: "an attachment on owner's message", op: 'insert', allowed: ['owner'],
    row: async ({ sql, world }) => {
      const message = await makeMessage(sql, world.people.owner, world.ch.plaza)
      await makeStoredObject(sql, 'attachments', `${world.ws}/${world.ch.plaza}/${message}/late.txt`, world.people.owner)
      return message
    },
    values: ({ world }, a, message) => ({ id: randomUUID(), message_id: message, path: `${world.ws}/${world.ch.plaza}/${message}/late.txt`, name: 'late.txt', uploader_id: a?.id ?? null, channel_id: world.ch.plaza, size: 1, mime_type: 'text/plain' }),
  },
  { kind: 'row', table: 'public.attachments', what: "an attachment's name", op: 'update', allowed: [], row: fileIn((w) => w.people.owner, (w) => w.ch.plaza), patch: () => ({ name: unique('renamed') }) },
  { kind: 'row', table: 'public.attachments', what: 'an attachment', op: 'delete', allowed: [], row: fileIn((w) => w.people.owner, (w) => w.ch.plaza) },
]
