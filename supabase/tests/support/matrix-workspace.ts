// The RLS matrix's cases for workspaces and their people: profiles, workspaces, memberships,
// invites, channels and channel memberships. One line per case, read as a table.
import { randomUUID } from 'node:crypto'
import {
  inPlaza,
  members,
  inQuiet,
  unique,
  one,
  fixed,
  membershipOf,
  newChannel,
} from './matrix-kit.ts'
import type { MatrixCase } from './matrix-kit.ts'
import { asUser } from './world.ts'

// prettier-ignore
export const WORKSPACE_CASES: readonly MatrixCase[] = [
  // profiles
  { kind: 'row', table: 'public.profiles', what: "a co-worker's profile", op: 'select', allowed: inPlaza, row: fixed((w) => w.people.member.id) },
  { kind: 'row', table: 'public.profiles', what: 'the profile of a co-worker in none of your channels', op: 'select', allowed: members, row: fixed((w) => w.people.member2.id) },
  { kind: 'row', table: 'public.profiles', what: 'a profile in another workspace', op: 'select', allowed: ['outsider'], row: fixed((w) => w.people.outsider.id) },
  { kind: 'row', table: 'public.profiles', what: 'a new profile', op: 'insert', allowed: [], values: (_c, a) => ({ id: a?.id ?? randomUUID(), display_name: 'Twin' }) },
  { kind: 'row', table: 'public.profiles', what: "member's display name", op: 'update', allowed: ['member'], row: fixed((w) => w.people.member.id), patch: () => ({ display_name: unique('Renamed') }) },
  { kind: 'row', table: 'public.profiles', what: "member's profile id", op: 'update', allowed: [], row: fixed((w) => w.people.member.id), patch: () => ({ id: randomUUID() }) },
  { kind: 'row', table: 'public.profiles', what: "member's profile", op: 'delete', allowed: [], row: fixed((w) => w.people.member.id) },

  // workspaces
  { kind: 'row', table: 'public.workspaces', what: 'the workspace', op: 'select', allowed: inPlaza, row: fixed((w) => w.ws) },
  { kind: 'row', table: 'public.workspaces', what: 'another workspace', op: 'select', allowed: ['outsider'], row: fixed((w) => w.ws2) },
  { kind: 'row', table: 'public.workspaces', what: 'a new workspace', op: 'insert', allowed: [], values: (_c, a) => ({ id: randomUUID(), name: 'Mine', slug: `mine-${randomUUID().slice(0, 8)}`, created_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.workspaces', what: "the workspace's name", op: 'update', allowed: ['owner', 'admin'], row: fixed((w) => w.ws), patch: () => ({ name: unique('Renamed') }) },
  { kind: 'row', table: 'public.workspaces', what: "the workspace's slug", op: 'update', allowed: [], row: fixed((w) => w.ws), patch: () => ({ slug: `s-${randomUUID().slice(0, 8)}` }) },
  { kind: 'row', table: 'public.workspaces', what: 'the workspace', op: 'delete', allowed: [], row: fixed((w) => w.ws) },

  // workspace_members
  { kind: 'row', table: 'public.workspace_members', what: "member's membership", op: 'select', allowed: inPlaza, row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`) },
  { kind: 'row', table: 'public.workspace_members', what: 'the membership of a co-worker in none of your channels', op: 'select', allowed: members, row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws} and user_id = ${world.people.member2.id}`) },
  { kind: 'row', table: 'public.workspace_members', what: 'a membership in another workspace', op: 'select', allowed: ['outsider'], row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws2}`) },
  { kind: 'row', table: 'public.workspace_members', what: 'yourself as an owner', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), workspace_id: world.ws, user_id: a?.id ?? null, role: 'owner' }) },
  { kind: 'row', table: 'public.workspace_members', what: "member's role", op: 'update', allowed: [], row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`), patch: () => ({ role: 'owner' }) },
  { kind: 'row', table: 'public.workspace_members', what: "member's membership", op: 'delete', allowed: [], row: ({ sql, world }) => one(sql`select id from public.workspace_members where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`) },

  // invites
  { kind: 'row', table: 'public.invites', what: 'an invite', op: 'select', allowed: ['owner', 'admin'], row: ({ sql, world }) => asUser(sql, world.people.owner, (tx) => one(tx`select id from public.create_invite(${world.ws})`)) },
  { kind: 'row', table: 'public.invites', what: 'an invite', op: 'insert', allowed: ['owner', 'admin'], values: ({ world }, a) => ({ id: randomUUID(), workspace_id: world.ws, role: 'member', created_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.invites', what: 'an invite to another workspace', op: 'insert', allowed: ['outsider'], values: ({ world }, a) => ({ id: randomUUID(), workspace_id: world.ws2, role: 'member', created_by: a?.id ?? null }) },
  { kind: 'row', table: 'public.invites', what: "an invite's use limit", op: 'update', allowed: [], row: ({ sql, world }) => asUser(sql, world.people.owner, (tx) => one(tx`select id from public.create_invite(${world.ws})`)), patch: () => ({ max_uses: 1000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.invites', what: 'an invite', op: 'delete', allowed: ['owner', 'admin'], row: ({ sql, world }) => asUser(sql, world.people.owner, (tx) => one(tx`select id from public.create_invite(${world.ws})`)) },

  // channels
  { kind: 'row', table: 'public.channels', what: 'a public channel', op: 'select', allowed: inPlaza, row: fixed((w) => w.ch.plaza) },
  { kind: 'row', table: 'public.channels', what: 'a public channel you are not in', op: 'select', allowed: members, row: fixed((w) => w.ch.second) },
  { kind: 'row', table: 'public.channels', what: 'a private channel', op: 'select', allowed: inQuiet, row: fixed((w) => w.ch.quiet) },
  { kind: 'row', table: 'public.channels', what: 'a direct message', op: 'select', allowed: inQuiet, row: fixed((w) => w.ch.dm) },
  { kind: 'row', table: 'public.channels', what: "another workspace's channel", op: 'select', allowed: ['outsider'], row: fixed((w) => w.ch.outside) },
  { kind: 'row', table: 'public.channels', what: 'a new channel', op: 'insert', allowed: [], values: ({ world }) => ({ id: randomUUID(), workspace_id: world.ws, kind: 'public', name: unique('sneaky') }) },
  { kind: 'row', table: 'public.channels', what: "a public channel's topic", op: 'update', allowed: members, row: newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member]), patch: () => ({ topic: unique('topic') }) },
  { kind: 'row', table: 'public.channels', what: "the topic of a public channel you are not in", op: 'update', allowed: ['owner', 'admin'], row: newChannel((w) => w.people.member2, 'public', () => []), patch: () => ({ topic: unique('topic') }) },
  { kind: 'row', table: 'public.channels', what: "a private channel's name", op: 'update', allowed: inQuiet, row: newChannel((w) => w.people.owner, 'private', (w) => [w.people.member]), patch: () => ({ name: unique('renamed') }) },
  { kind: 'row', table: 'public.channels', what: "a direct message's topic", op: 'update', allowed: [], row: fixed((w) => w.ch.dm), patch: () => ({ topic: unique('topic') }) },
  { kind: 'row', table: 'public.channels', what: 'archiving a public channel', op: 'update', allowed: ['owner', 'admin'], row: newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member]), patch: () => ({ archived_at: new Date().toISOString() }), changed: (after) => after.archived_at !== null },
  { kind: 'row', table: 'public.channels', what: "a channel's last_seq", op: 'update', allowed: [], row: fixed((w) => w.ch.plaza), patch: () => ({ last_seq: 100000 + Math.floor(Math.random() * 1000) }) },
  { kind: 'row', table: 'public.channels', what: 'a public channel', op: 'delete', allowed: [], row: fixed((w) => w.ch.plaza) },

  // channel_members
  { kind: 'row', table: 'public.channel_members', what: "member's membership", op: 'select', allowed: ['member'], row: membershipOf((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.channel_members', what: 'yourself into a public channel (join)', op: 'insert', allowed: members, row: newChannel((w) => w.people.member2, 'public', () => []), values: (_c, a, channel) => ({ id: randomUUID(), channel_id: channel, user_id: a?.id ?? null }) },
  { kind: 'row', table: 'public.channel_members', what: 'yourself into a private channel', op: 'insert', allowed: [], row: newChannel((w) => w.people.member2, 'private', () => []), values: (_c, a, channel) => ({ id: randomUUID(), channel_id: channel, user_id: a?.id ?? null }) },
  { kind: 'row', table: 'public.channel_members', what: 'someone else into a public channel', op: 'insert', allowed: [], row: newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member]), values: ({ world }, _a, channel) => ({ id: randomUUID(), channel_id: channel, user_id: world.people.member2.id }) },
  { kind: 'row', table: 'public.channel_members', what: "member's read position", op: 'update', allowed: ['member'], row: async (ctx) => { const ch = await newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member])(ctx); return membershipOf((w) => w.people.member, () => ch)(ctx) }, patch: () => ({ last_read_seq: 1 }) },
  { kind: 'row', table: 'public.channel_members', what: "member's membership user", op: 'update', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ user_id: randomUUID() }) },
  { kind: 'row', table: 'public.channel_members', what: "member's membership (leave)", op: 'delete', allowed: ['member'], row: async (ctx) => { const ch = await newChannel((w) => w.people.owner, 'public', (w) => [w.people.admin, w.people.member])(ctx); return membershipOf((w) => w.people.member, () => ch)(ctx) } },
  { kind: 'row', table: 'public.channel_members', what: "member's direct message membership", op: 'delete', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.channel_members', what: "member's default channel membership", op: 'delete', allowed: [], row: membershipOf((w) => w.people.member, (w) => w.ch.general) },
]
