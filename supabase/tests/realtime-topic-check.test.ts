// Realtime's topic policies answer through private.may_use_topic() (issue 50: one lookup per
// topic instead of listing every topic of the caller), and the lists stay the definition: for
// every person of the RLS world, and every topic of theirs, of others and malformed, its answer
// is the answer of `topic in (select private.live_topics())` (the live policy) and of
// `topic in (select private.realtime_topics())` (typing and presence), as the world stands and
// after each change that takes a topic away or gives it back: a member suspended or gone, a
// verified second factor at aal1 and aal2, a workspace requiring two-factor sign-in, a guest, a
// third-party app's token with and without a grant. Memberships are read from
// private.channel_access, kept by a trigger on channel_members (the read positions, which move
// with every message, are not in it): it holds the same memberships, and nobody reads it.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { buildWorld, claimsOf } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

function topicsOf(w: World): string[] {
  const channels = Object.values(w.ch)
  const people = Object.values(w.people)
  const stranger = randomUUID()
  return [
    ...channels.flatMap((id) => [`channel:${id}`, `live:channel:${id}`]),
    ...[w.ws, w.ws2].flatMap((id) => [`workspace:${id}`, `live:workspace:${id}`]),
    ...people.map((p) => `live:user:${p.id}`),
    // Not as the lists write them: another case, another kind, no id, a stranger's id.
    `channel:${w.ch.general.toUpperCase()}`,
    `live:workspace:${w.ws.toUpperCase()}`,
    `live:user:${w.people.member.id.toUpperCase()}`,
    `user:${w.people.member.id}`,
    `live:channel:${w.ws}`,
    `live:workspace:${w.ch.general}`,
    `channel: ${w.ch.general}`,
    'channel:not-a-uuid',
    'live:channel:',
    'live:',
    '',
    `channel:${stranger}`,
    `workspace:${stranger}`,
  ]
}

interface Answer {
  topic: string
  live: boolean
  was_live: boolean
  topics: boolean
  was_topics: boolean
}

class Rollback extends Error {
  constructor(readonly answers: Answer[]) {
    super('rollback')
  }
}

/**
 * Both answers for every topic, for `person` with `claims` added to theirs, after `setup` (as
 * superuser), all rolled back.
 */
async function answers(
  person: Person,
  claims: Record<string, unknown> = {},
  setup: (tx: TransactionSql) => Promise<unknown> = async () => {}
): Promise<Answer[]> {
  try {
    await stack.sql.begin(async (tx) => {
      await setup(tx)
      await tx`
        select set_config('role', 'authenticated', true),
          set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(person), ...claims })}, true)`
      const rows = await tx<Answer[]>`
        select t.topic,
          private.may_use_topic(t.topic, true) as live,
          t.topic in (select private.live_topics()) as was_live,
          private.may_use_topic(t.topic, false) as topics,
          t.topic in (select private.realtime_topics()) as was_topics
        from unnest(${topicsOf(world)}::text[]) as t(topic)`
      throw new Rollback([...rows])
    })
  } catch (error) {
    if (error instanceof Rollback) return error.answers
    throw error
  }
  throw new Error('unreachable')
}

/** The topics where the two answers differ (none), and how many each grants. */
function compare(rows: Answer[]) {
  return {
    differ: rows
      .filter((r) => r.live !== r.was_live || r.topics !== r.was_topics)
      .map((r) => `${r.topic}: live ${r.live}/${r.was_live}, topics ${r.topics}/${r.was_topics}`),
    live: rows.filter((r) => r.live).length,
    topics: rows.filter((r) => r.topics).length,
  }
}

describe('private.may_use_topic() answers as the topic lists', () => {
  const people = ['owner', 'admin', 'member', 'member2', 'guest', 'outsider'] as const

  for (const role of people) {
    it(`for ${role}, as the world stands`, async () => {
      const result = compare(await answers(world.people[role]))
      expect(result.differ).toEqual([])
      // Each person may use some topics (their own user topic at least), never all of them.
      expect(result.live).toBeGreaterThan(0)
      expect(result.live).toBeLessThan(topicsOf(world).length)
    })
  }

  it('grants the member their channels and workspace, and nothing of W2', async () => {
    const rows = await answers(world.people.member)
    const granted = (topic: string) => rows.find((r) => r.topic === topic)
    expect(granted(`live:channel:${world.ch.quiet}`)?.live).toBe(true)
    expect(granted(`channel:${world.ch.quiet}`)?.topics).toBe(true)
    expect(granted(`live:workspace:${world.ws}`)?.live).toBe(true)
    expect(granted(`live:workspace:${world.ws2}`)?.live).toBe(false)
    expect(granted(`live:user:${world.people.member.id}`)?.live).toBe(true)
    expect(granted(`live:user:${world.people.owner.id}`)?.live).toBe(false)
    // The live policy's topics are not typing's, nor the other way round.
    expect(granted(`channel:${world.ch.quiet}`)?.live).toBe(false)
    expect(granted(`live:channel:${world.ch.quiet}`)?.topics).toBe(false)
  })

  const changes: [string, Record<string, unknown>, (tx: TransactionSql) => Promise<unknown>][] = [
    [
      'suspended',
      {},
      (tx) => tx`update public.workspace_members set suspended_at = now()
        where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`,
    ],
    [
      'gone from the workspace',
      {},
      (tx) => tx`update public.workspace_members set left_at = now()
        where workspace_id = ${world.ws} and user_id = ${world.people.member.id}`,
    ],
    [
      'removed from a private channel',
      {},
      (tx) => tx`delete from public.channel_members
        where channel_id = ${world.ch.quiet} and user_id = ${world.people.member.id}`,
    ],
    [
      'with a verified factor, at aal1',
      { aal: 'aal1' },
      (tx) => addFactor(tx, world.people.member),
    ],
    [
      'with a verified factor, at aal2',
      { aal: 'aal2' },
      (tx) => addFactor(tx, world.people.member),
    ],
    ['in a workspace requiring two factors, at aal1', { aal: 'aal1' }, requireMfa],
    ['in a workspace requiring two factors, at aal2', { aal: 'aal2' }, requireMfa],
    ['through an app without a session', { client_id: randomUUID() }, async () => {}],
    ['through an app with its session and grant', {}, async () => {}],
  ]

  for (const [what, claims, setup] of changes) {
    it(`for the member ${what}`, async () => {
      let extra = claims
      let prepare = setup
      if (what.endsWith('with its session and grant')) {
        const clientId = randomUUID()
        const session = randomUUID()
        extra = { client_id: clientId, session_id: session }
        prepare = (tx) => appSession(tx, world.people.member, clientId, session)
      }
      const before = compare(await answers(world.people.member))
      const result = compare(await answers(world.people.member, extra, prepare))
      expect(result.differ).toEqual([])
      if (what.includes('aal2') || what.includes('with its session and grant')) {
        expect(result.live).toBe(before.live)
      } else {
        // Each of the others takes something away.
        expect(result.live + result.topics).toBeLessThan(before.live + before.topics)
      }
    })
  }

  it('for the admin added to a private channel, and removed again', async () => {
    const { admin } = world.people
    const topic = `live:channel:${world.ch.quiet}`
    const before = await answers(admin)
    expect(before.find((r) => r.topic === topic)?.live).toBe(false)
    const added = await answers(
      admin,
      {},
      (tx) =>
        tx`insert into public.channel_members (channel_id, workspace_id, user_id)
        values (${world.ch.quiet}, ${world.ws}, ${admin.id})`
    )
    expect(compare(added).differ).toEqual([])
    expect(added.find((r) => r.topic === topic)?.live).toBe(true)
    expect(added.find((r) => r.topic === `channel:${world.ch.quiet}`)?.topics).toBe(true)
  })

  it('for a token without a user', async () => {
    const rows = await answers(world.people.member, { sub: undefined })
    expect(compare(rows)).toEqual({ differ: [], live: 0, topics: 0 })
  })
})

async function addFactor(tx: TransactionSql, person: Person): Promise<void> {
  await tx`
    insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
    values (${randomUUID()}, ${person.id}, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`
}

async function requireMfa(tx: TransactionSql): Promise<void> {
  await tx`update public.workspaces set require_mfa = true where id = ${world.ws}`
}

/** A third-party app with a live session of the person's and their grant of read in W. */
async function appSession(
  tx: TransactionSql,
  person: Person,
  clientId: string,
  session: string
): Promise<void> {
  await tx`
    insert into auth.oauth_clients (id, registration_type, redirect_uris, grant_types, client_name)
    values (${clientId}, 'manual', 'http://127.0.0.1:8765/cb', 'authorization_code,refresh_token', 'Topic app')`
  await tx`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, oauth_client_id)
    values (${session}, ${person.id}, now(), now(), 'aal1', ${clientId})`
  await tx`
    insert into public.app_access (user_id, client_id, workspace_id, access)
    values (${person.id}, ${clientId}, ${world.ws}, 'read')`
}

describe('private.channel_access', () => {
  it('holds exactly the memberships of public.channel_members', async () => {
    const differ = await stack.sql`
      (select user_id, channel_id, workspace_id from public.channel_members
       except select user_id, channel_id, workspace_id from private.channel_access)
      union all
      (select user_id, channel_id, workspace_id from private.channel_access
       except select user_id, channel_id, workspace_id from public.channel_members)`
    expect(differ).toEqual([])
    const [row] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from private.channel_access`
    expect(row?.n).toBeGreaterThan(10)
  })

  it('is no one’s to read but the database’s', async () => {
    const { member } = world.people
    const refused = await stack.sql
      .begin(async (tx) => {
        await tx`
          select set_config('role', 'authenticated', true),
            set_config('request.jwt.claims', ${JSON.stringify(claimsOf(member))}, true)`
        return tx`select * from private.channel_access`
      })
      .then(
        () => null,
        (error: { code?: string }) => error.code
      )
    expect(refused).toBe('42501')
  })
})
