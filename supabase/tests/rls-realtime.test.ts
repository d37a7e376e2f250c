// Postgres changes tell nobody anything about Chorus's tables: live events go through private
// topics instead (rls-realtime-live.test.ts). Every role, the outsider and the anonymous caller
// above all, subscribes with the real supabase-js to every Chorus table, every event type
// (INSERT, UPDATE, DELETE, *), with and without the filters an attacker would aim at a private
// place (its channel id, a member's user id, the workspace id); changes of every kind are made
// in that place, deletes included (with REPLICA IDENTITY FULL and the tables published, deletes
// reached outsiders as key-only events: RLS does not apply to them). A table of the test's own,
// published and readable by all, is written last: once its row arrives, every change before it
// would have too.
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { clientFor } from './support/rest-checker.ts'
import { Inbox } from './support/realtime.ts'
import {
  ROLES,
  actorOf,
  asRole,
  asUser,
  buildWorld,
  makeMessage,
  makeMessageWithFile,
  makeReaction,
} from './support/world.ts'
import type { Role, World } from './support/world.ts'
import { temporaryFolders } from '../../backend/test/support/temp-folders.ts'

const folders = temporaryFolders()

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Chorus runs with `[realtime] private_only = true`, so nobody may even join the public channel
 * postgres_changes need. This matrix proves the layer beneath holds as well: on a copy of the
 * project with public access allowed, postgres_changes still tell nobody anything.
 */
async function publicAccessProject(): Promise<string> {
  const workdir = await folders.make('chorus-rls-realtime-')
  await mkdir(path.join(workdir, 'supabase'))
  const stackOwn = await readFile(path.join(root, 'supabase', 'chorus.toml'), 'utf8')
  const allowed = stackOwn.replace(/^private_only = true$/m, 'private_only = false')
  expect(allowed).not.toBe(stackOwn)
  await writeFile(path.join(workdir, 'supabase', 'chorus.toml'), allowed)
  await symlink(
    path.join(root, 'supabase', 'config.toml'),
    path.join(workdir, 'supabase', 'config.toml')
  )
  for (const name of ['migrations', 'functions', 'templates', 'seed.sql'])
    await symlink(path.join(root, 'supabase', name), path.join(workdir, 'supabase', name))
  return workdir
}
const EVENTS = ['INSERT', 'UPDATE', 'DELETE', '*'] as const
const SENTINEL = 'zz_realtime_sentinel'

/** Every Chorus table with the filters aimed at the private channel `quiet` and its people. */
function targets(world: World): Record<string, string[]> {
  const { ws, ch, people } = world
  return {
    messages: [`channel_id=eq.${ch.quiet}`, `author_id=eq.${people.member.id}`],
    reactions: [`channel_id=eq.${ch.quiet}`, `user_id=eq.${people.member.id}`],
    attachments: [`channel_id=eq.${ch.quiet}`],
    channels: [`workspace_id=eq.${ws}`, `id=eq.${ch.quiet}`],
    channel_members: [`channel_id=eq.${ch.quiet}`, `user_id=eq.${people.member.id}`],
    workspaces: [`id=eq.${ws}`],
    workspace_members: [`workspace_id=eq.${ws}`, `user_id=eq.${people.member.id}`],
    profiles: [`id=eq.${people.member.id}`],
    invites: [`workspace_id=eq.${ws}`],
  }
}

let stack: TestStack
let world: World
const inboxes = {} as Record<Role, Inbox>
const clients: SupabaseClient[] = []
/** The server's answer to each table's subscription, per role ('ok' or 'error'). */
const answers = {} as Record<Role, Record<string, string>>

/** Subscribes on one channel; resolves with the server's postgres_changes answer. */
function listen(
  client: SupabaseClient,
  inbox: Inbox,
  table: string,
  filters: string[]
): Promise<string> {
  let channel: RealtimeChannel = client.channel(`pg-${table}-${randomUUID()}`)
  for (const event of EVENTS) {
    for (const filter of [undefined, ...filters]) {
      channel = channel.on(
        'postgres_changes' as never,
        { event, schema: 'public', table, ...(filter ? { filter } : {}) },
        (payload: Record<string, unknown>) =>
          inbox.push({ topic: table, kind: 'postgres_changes', event, payload })
      )
    }
  }
  return new Promise((resolve, reject) => {
    channel.on('system', {}, (payload: { extension?: string; status?: string }) => {
      if (payload.extension === 'postgres_changes') resolve(payload.status ?? '')
    })
    channel.subscribe((status, error) => {
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status))
    })
  })
}

async function subscribe(role: Role): Promise<void> {
  const inbox = (inboxes[role] = new Inbox())
  const actor = actorOf(world, role)
  const client = clientFor(stack, actor)
  clients.push(client)
  // supabase-js fetches the access token asynchronously: without this the joins act as anon.
  if (actor) await client.realtime.setAuth(actor.token)
  const tables = { ...targets(world), [SENTINEL]: [] }
  const results = await Promise.all(
    Object.entries(tables).map(async ([table, filters]) => [
      table,
      await listen(client, inbox, table, filters),
    ])
  )
  answers[role] = Object.fromEntries(results)
}

/** Changes of every kind in workspace W, the private channel `quiet` above all. */
async function changeEverything(): Promise<void> {
  const { sql } = stack
  const p = world.people
  for (const channel of [world.ch.quiet, world.ch.dm, world.ch.plaza, world.ch.outside]) {
    const author = channel === world.ch.outside ? p.outsider : p.owner
    const id = await makeMessage(sql, author, channel, 'to be edited')
    await asUser(sql, author, (tx) => tx`select public.edit_message(${id}, 'edited')`)
    await asUser(sql, author, (tx) => tx`select public.delete_message(${id})`)
  }
  // The finding: a reaction added and removed in the private channel.
  const message = await makeMessage(sql, p.owner, world.ch.quiet, 'react and undo')
  await makeReaction(sql, p.member, message, '🙈')
  await asUser(sql, p.member, (tx) => tx`select public.set_reaction(${message}, '🙈', false)`)
  // A file, then the message deleted (its attachment row goes).
  const withFile = await makeMessageWithFile(sql, p.member, world.ch.quiet)
  await asUser(sql, p.member, (tx) => tx`select public.delete_message(${withFile.message})`)
  // The private channel changes; the member leaves it (the finding's other delete), comes back,
  // reads.
  await sql`update public.channels set topic = ${randomUUID()} where id = ${world.ch.quiet}`
  await asUser(
    sql,
    p.owner,
    (tx) => tx`select public.remove_channel_member(${world.ch.quiet}, ${p.member.id})`
  )
  await asUser(
    sql,
    p.owner,
    (tx) => tx`select public.add_channel_members(${world.ch.quiet}, ${[p.member.id]})`
  )
  await makeMessage(sql, p.owner, world.ch.quiet, 'welcome back')
  await asUser(sql, p.member, (tx) => tx`select public.mark_read(${world.ch.quiet})`)
  // The workspace, its members, an invite, a profile.
  await sql`update public.workspaces set name = 'Matrix W, renamed' where id = ${world.ws}`
  await asUser(
    sql,
    p.owner,
    (tx) => tx`select public.set_member_role(${world.ws}, ${p.member2.id}, 'admin')`
  )
  const [invite] = await asUser(
    sql,
    p.owner,
    (tx) => tx<{ id: string }[]>`select id from public.create_invite(${world.ws})`
  )
  await sql`delete from public.invites where id = ${invite!.id}`
  await asRole(
    sql,
    p.member,
    (tx) => tx`update public.profiles set display_name = 'Member, live' where id = ${p.member.id}`
  )
}

beforeAll(async () => {
  stack = await startTestStack({ workdir: await publicAccessProject() })
  world = await buildWorld(stack)
  await stack.sql.unsafe(`
    create table public.${SENTINEL} (id uuid primary key, note text);
    grant select on public.${SENTINEL} to anon, authenticated;
    alter publication supabase_realtime add table public.${SENTINEL};
  `)
  await Promise.all(ROLES.map(subscribe))
  await changeEverything()
  const last = randomUUID()
  await stack.sql`insert into ${stack.sql(`public.${SENTINEL}`)} (id, note) values (${last}, 'the end')`
  await Promise.all(
    ROLES.map((role) =>
      inboxes[role].until(
        (h) => h.topic === SENTINEL && (h.payload.new as { id?: string })?.id === last
      )
    )
  )
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()))
  await stack?.stop()
})

describe('postgres_changes on Chorus tables (supabase-js, every event type, with and without filters)', () => {
  for (const role of ROLES) {
    it(`${role} receives no event of any kind about them`, () => {
      const heard = inboxes[role].heard.filter((h) => h.topic !== SENTINEL)
      expect(heard).toEqual([])
    })
  }

  it('refuses the subscriptions: the tables are not in the supabase_realtime publication', () => {
    for (const role of ROLES) {
      const { [SENTINEL]: sentinel, ...chorus } = answers[role]
      expect(sentinel).toBe('ok')
      expect(Object.values(chorus).every((status) => status === 'error')).toBe(true)
    }
  })

  it('publishes none of them and keeps no replica identity full', async () => {
    const published = await stack.sql<{ tablename: string }[]>`
      select tablename from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public'`
    expect(published.map((r) => r.tablename)).toEqual([SENTINEL])
    const full = await stack.sql<{ relname: string }[]>`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relreplident = 'f'`
    expect(full).toEqual([])
  })
})
