// The people and places the RLS matrix and the RPC tests act in, built on a test stack through
// the same RPCs the app calls, acting as each person (auth.uid() from request.jwt.claims).
//
// Workspace W: owner, admin, member, member2. Channels of W:
//   general (default, everyone), plaza (public: owner, admin, member), quiet (private: owner,
//   member; the admin is NOT in it), dm (owner and member), second (public, only member2),
//   attic (public, archived: owner, admin, member).
// guest: a single-channel guest of W, invited by email by the owner into plaza only (so the
//   matrix shows "in my channel: allowed" and "another public channel: refused").
// Workspace W2: outsider alone, with its default channel `outside`.
import { randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import type { TestStack } from '../../../backend/test/support/stack.ts'

export const ROLES = ['owner', 'admin', 'member', 'guest', 'outsider', 'anon'] as const
export type Role = (typeof ROLES)[number]

export interface Person {
  id: string
  email: string
  /** A signed access token (role authenticated). */
  token: string
}

export interface World {
  people: Record<'owner' | 'admin' | 'member' | 'member2' | 'guest' | 'outsider', Person>
  ws: string
  ws2: string
  ch: Record<'general' | 'plaza' | 'quiet' | 'dm' | 'second' | 'attic' | 'outside', string>
}

/** The person acting for a role of the matrix (null: anonymous). */
export function actorOf(world: World, role: Role): Person | null {
  return role === 'anon' ? null : world.people[role]
}

/** A password sign-in now, as the amr claim of Auth's access tokens says it. */
export const signedInNow = () => [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }]

export function claimsOf(person: Person | null): Record<string, unknown> {
  return person
    ? {
        sub: person.id,
        role: 'authenticated',
        aud: 'authenticated',
        email: person.email,
        amr: signedInNow(),
      }
    : { role: 'anon' }
}

/** Runs fn in a transaction where auth.uid() is the person, still as superuser (setup). */
export async function asUser<T>(
  sql: Sql,
  person: Person | null,
  fn: (tx: TransactionSql) => Promise<T>
): Promise<T> {
  return (await sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify(claimsOf(person))}, true)`
    return fn(tx)
  })) as T
}

/** Runs fn as the person's database role with their claims, as the API does, and commits. */
export async function asRole<T>(
  sql: Sql,
  person: Person | null,
  fn: (tx: TransactionSql) => Promise<T>
): Promise<T> {
  return (await sql.begin(async (tx) => {
    await tx`
      select set_config('role', ${person ? 'authenticated' : 'anon'}, true),
             set_config('request.jwt.claims', ${JSON.stringify(claimsOf(person))}, true)
    `
    return fn(tx)
  })) as T
}

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback')
  }
}

/**
 * Runs fn as the person's database role (authenticated, or anon) with their claims, as the API
 * does, and rolls everything back.
 */
export async function asRoleRolledBack<T>(
  sql: Sql,
  person: Person | null,
  fn: (tx: TransactionSql) => Promise<T>
): Promise<T> {
  try {
    await sql.begin(async (tx) => {
      await tx`
        select set_config('role', ${person ? 'authenticated' : 'anon'}, true),
               set_config('request.jwt.claims', ${JSON.stringify(claimsOf(person))}, true)
      `
      throw new Rollback(await fn(tx))
    })
  } catch (error) {
    if (error instanceof Rollback) return error.value as T
    throw error
  }
  throw new Error('unreachable')
}

export async function createPerson(
  stack: TestStack,
  name: string,
  email = `${name}-${randomUUID().slice(0, 8)}@example.test`
): Promise<Person> {
  const id = randomUUID()
  await stack.sql`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
    values (${id}, 'authenticated', 'authenticated', ${email}, now(),
      ${stack.sql.json({ display_name: name })}, now(), now())
  `
  const token = await stack.keys.sign({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    amr: signedInNow(),
    exp: Math.floor(Date.now() / 1000) + 3600,
  })
  return { id, email, token }
}

export async function buildWorld(stack: TestStack): Promise<World> {
  const sql = stack.sql
  const [owner, admin, member, member2, guest, outsider] = await Promise.all(
    ['owner', 'admin', 'member', 'member2', 'guest', 'outsider'].map((n) => createPerson(stack, n))
  )
  const people = {
    owner: owner!,
    admin: admin!,
    member: member!,
    member2: member2!,
    guest: guest!,
    outsider: outsider!,
  }

  const { ws, general, link } = await asUser(sql, people.owner, async (tx) => {
    const [w] = await tx<{ id: string }[]>`select id from public.create_workspace('Matrix W')`
    const [g] = await tx<{ id: string }[]>`
      select id from public.channels where workspace_id = ${w!.id} and is_default`
    const [i] = await tx<{ token: string }[]>`select token from public.create_invite(${w!.id})`
    return { ws: w!.id, general: g!.id, link: i!.token }
  })
  for (const person of [people.admin, people.member, people.member2]) {
    await asUser(sql, person, (tx) => tx`select public.accept_invite(${link})`)
  }
  const ch = await asUser(sql, people.owner, async (tx) => {
    await tx`select public.set_member_role(${ws}, ${people.admin.id}, 'admin')`
    const one = async (q: Promise<{ id: string }[]>) => (await q)[0]!.id
    return {
      plaza: await one(
        tx`select id from public.create_channel(${ws}, 'plaza', 'public', '', ${[people.admin.id, people.member.id]})`
      ),
      quiet: await one(
        tx`select id from public.create_channel(${ws}, 'quiet', 'private', '', ${[people.member.id]})`
      ),
      dm: await one(tx`select id from public.open_dm(${ws}, ${[people.member.id]})`),
      attic: await one(
        tx`select id from public.create_channel(${ws}, 'attic', 'public', '', ${[people.admin.id, people.member.id]})`
      ),
    }
  })
  const guestInvite = await asUser(sql, people.owner, async (tx) => {
    const [i] = await tx<{ token: string }[]>`
      select token from public.create_invite(${ws}, ${people.guest.email}, 'guest', null, null,
        ${[ch.plaza]}::uuid[], 'single')`
    return i!.token
  })
  await asUser(sql, people.guest, (tx) => tx`select public.accept_invite(${guestInvite})`)
  const second = await asUser(sql, people.member2, async (tx) => {
    const [c] = await tx<{ id: string }[]>`select id from public.create_channel(${ws}, 'second')`
    return c!.id
  })
  const { ws2, outside } = await asUser(sql, people.outsider, async (tx) => {
    const [w] = await tx<{ id: string }[]>`select id from public.create_workspace('Elsewhere')`
    const [g] = await tx<{ id: string }[]>`
      select id from public.channels where workspace_id = ${w!.id} and is_default`
    return { ws2: w!.id, outside: g!.id }
  })
  const world: World = {
    people,
    ws,
    ws2,
    ch: { general, second, outside, ...ch },
  }
  // Every channel has some history (read positions can move), then attic is archived.
  for (const [channel, author] of [
    [ch.plaza, people.member],
    [ch.quiet, people.owner],
    [ch.dm, people.owner],
    [ch.attic, people.owner],
    [second, people.member2],
    [outside, people.outsider],
  ] as const) {
    await makeMessage(sql, author, channel)
  }
  await asUser(sql, people.owner, (tx) => tx`select public.archive_channel(${ch.attic})`)
  return world
}

/** A new message by the author in the channel; returns its id. */
export async function makeMessage(
  sql: Sql,
  author: Person,
  channel: string,
  body = 'hello **world**',
  attachments: unknown[] = []
): Promise<string> {
  const id = randomUUID()
  await asUser(
    sql,
    author,
    (tx) =>
      tx`select public.send_message(${id}, ${channel}, ${body}, ${tx.json(attachments as never)})`
  )
  return id
}

/** The workspace of a channel. */
export async function workspaceOf(sql: Sql, channel: string): Promise<string> {
  const [row] = await sql<
    { workspace_id: string }[]
  >`select workspace_id from public.channels where id = ${channel}`
  return row!.workspace_id
}

/**
 * A storage object row as Storage writes it after an upload (owner, size, type), without the
 * bytes: enough for the policies and for attachment rows.
 */
export async function makeStoredObject(
  sql: Sql,
  bucket: string,
  name: string,
  owner: Person,
  mimetype = 'text/plain',
  size = 12
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
    values (${bucket}, ${name}, ${owner.id}, ${owner.id}, ${sql.json({ size, mimetype })})
    returning id
  `
  return row!.id
}

/** A path in the attachments bucket for a (possibly not yet sent) message in a channel. */
export async function attachmentPath(
  sql: Sql,
  channel: string,
  messageId: string,
  file = 'notes.txt'
): Promise<string> {
  return `${await workspaceOf(sql, channel)}/${channel}/${messageId}/${file}`
}

/** A message by the author with one attached (stored) file; returns both ids and the path. */
export async function makeMessageWithFile(
  sql: Sql,
  author: Person,
  channel: string
): Promise<{ message: string; attachment: string; path: string }> {
  const message = randomUUID()
  const path = await attachmentPath(sql, channel, message)
  await makeStoredObject(sql, 'attachments', path, author)
  await asUser(
    sql,
    author,
    (tx) =>
      tx`select public.send_message(${message}, ${channel}, ${'see file'}, ${tx.json([{ path }])})`
  )
  const [row] = await sql<
    { id: string }[]
  >`select id from public.attachments where message_id = ${message}`
  return { message, attachment: row!.id, path }
}

export async function makeReaction(
  sql: Sql,
  user: Person,
  message: string,
  emoji = '👍'
): Promise<string> {
  await asUser(sql, user, (tx) => tx`select public.set_reaction(${message}, ${emoji})`)
  const [row] = await sql<{ id: string }[]>`
    select id from public.reactions where message_id = ${message} and user_id = ${user.id} and emoji = ${emoji}`
  return row!.id
}
