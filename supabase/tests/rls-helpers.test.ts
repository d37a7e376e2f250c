// The helpers row-level security and the triggers call on every message are plpgsql since
// 20261209100000_chorus_rls_helpers_plpgsql.sql (their plans kept for the session, where the SQL
// definitions were planned again at each call), and private.guests_of_channel() starts from the
// workspace's guests (20261209100100_chorus_messages_fanout_by_key.sql). Their answers are those
// of the SQL definitions they replaced, kept in support/rls-helpers.ts: each is created again, as it
// was, in a schema of its own inside a transaction that is rolled back, and both are asked, for
// every person of the RLS world, as the world stands and after each change that takes something
// away or gives it back: a member suspended or gone, a verified second factor at aal1 and aal2, a
// workspace requiring two-factor sign-in, a third-party app's token with and without its session
// and grant (and a malformed client id, an expired session), no user, the service role, anon
// (private.importing() went with 20261217130000_chorus_import_quiet_on_the_row.sql).
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { addFactor, appSession, comparer, requireMfa } from './support/rls-helpers.ts'
import type { Answers } from './support/rls-helpers.ts'
import { buildWorld } from './support/world.ts'
import type { World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let compareAs: ReturnType<typeof comparer>

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  compareAs = comparer(stack.sql, world)
})

afterAll(async () => {
  await stack?.stop()
})

const PEOPLE = ['owner', 'admin', 'member', 'member2', 'guest', 'outsider'] as const

describe('the plpgsql helpers answer as their SQL definitions did', () => {
  for (const role of PEOPLE) {
    it(`for ${role}, as the world stands`, async () => {
      const { now, was } = await compareAs(world.people[role])
      expect(now).toEqual(was)
      // Everyone of the world reads a workspace and is in a channel.
      expect(now.workspace_ids).not.toBe('')
      expect(now.member_channel_ids).not.toBe('')
    })
  }

  it('names the guest among the guests of plaza, and no one in general', async () => {
    const { now } = await compareAs(world.people.owner)
    const guests = Object.fromEntries(
      now.guests_of_channel!.split(' ').map((pair) => pair.split('=') as [string, string])
    )
    expect(guests[world.ch.plaza]).toBe(world.people.guest.id)
    expect(guests[world.ch.general]).toBe('')
    expect(guests.null).toBe('')
  })

  const member = () => world.people.member
  const changes: [
    string,
    Record<string, unknown>,
    (tx: TransactionSql) => Promise<unknown>,
    ((a: Answers) => void)?,
  ][] = [
    [
      'suspended',
      {},
      (tx) => tx`update public.workspace_members set suspended_at = now()
        where workspace_id = ${world.ws} and user_id = ${member().id}`,
      (a) => expect(a.workspace_ids).not.toContain(world.ws),
    ],
    [
      'gone from the workspace',
      {},
      (tx) => tx`update public.workspace_members set left_at = now()
        where workspace_id = ${world.ws} and user_id = ${member().id}`,
      (a) => expect(a.workspace_ids).not.toContain(world.ws),
    ],
    [
      'with a verified factor, at aal1',
      { aal: 'aal1' },
      (tx) => addFactor(tx, member()),
      (a) => expect([a.mfa_ok, a.workspace_ids]).toEqual(['false', '']),
    ],
    [
      'with a verified factor, at aal2',
      { aal: 'aal2' },
      (tx) => addFactor(tx, member()),
      (a) => expect([a.mfa_ok, a.session_aal2]).toEqual(['true', 'true']),
    ],
    [
      'in a workspace requiring two factors, at aal1',
      { aal: 'aal1' },
      (tx) => requireMfa(tx, world.ws),
      (a) => expect(a.workspace_ids).not.toContain(world.ws),
    ],
    [
      'in a workspace requiring two factors, at aal2',
      { aal: 'aal2' },
      (tx) => requireMfa(tx, world.ws),
      (a) => expect(a.workspace_ids).toContain(world.ws),
    ],
    [
      'through an app without a session',
      { client_id: randomUUID(), session_id: randomUUID() },
      async () => {},
      (a) => expect([a.oauth_session_live, a.workspace_ids]).toEqual(['false', '']),
    ],
    [
      'through an app whose client id is not a uuid',
      { client_id: 'not-a-uuid' },
      async () => {},
      (a) => expect(a.oauth_client_id).toBe('00000000-0000-0000-0000-000000000000'),
    ],
    ['with an empty client id', { client_id: '' }, async () => {}],
    [
      'removed from a private channel',
      {},
      (tx) => tx`delete from public.channel_members
        where channel_id = ${world.ch.quiet} and user_id = ${member().id}`,
      (a) => expect(a.member_channel_ids).not.toContain(world.ch.quiet),
    ],
    [
      'whose channel is archived',
      {},
      (tx) => tx`update public.channels set archived_at = now() where id = ${world.ch.plaza}`,
      (a) => {
        expect(a.member_channel_ids).toContain(world.ch.plaza)
        expect(a.postable_channel_ids).not.toContain(world.ch.plaza)
      },
    ],
  ]

  for (const [what, claims, setup, check] of changes) {
    it(`for the member ${what}`, async () => {
      const { now, was } = await compareAs(member(), claims, setup)
      expect(now).toEqual(was)
      check?.(now)
    })
  }

  for (const access of ['read', 'write', null] as const) {
    for (const ended of [false, true]) {
      it(`for the member through an app with its session${ended ? ' ended' : ''} and ${access ?? 'no'} grant`, async () => {
        const clientId = randomUUID()
        const session = randomUUID()
        const { now, was } = await compareAs(
          member(),
          { client_id: clientId, session_id: session },
          (tx) => appSession(tx, world.ws, member(), clientId, session, access, ended)
        )
        expect(now).toEqual(was)
        expect(now.oauth_client_id).toBe(clientId)
        expect(now.oauth_session_live).toBe(String(!ended))
      })
    }
  }

  it('for a guest who has left: no longer among the guests of plaza', async () => {
    const { now, was } = await compareAs(
      world.people.guest,
      {},
      (tx) =>
        tx`update public.workspace_members set left_at = now()
        where workspace_id = ${world.ws} and user_id = ${world.people.guest.id}`
    )
    expect(now).toEqual(was)
    expect(now.guests_of_channel).not.toContain(world.people.guest.id)
  })

  it('for a token without a user', async () => {
    const { now, was } = await compareAs(world.people.member, { sub: undefined })
    expect(now).toEqual(was)
    expect([now.workspace_ids, now.member_channel_ids]).toEqual(['', ''])
  })

  it('for the service role', async () => {
    const { now, was } = await compareAs(
      null,
      { role: 'service_role' },
      async () => {},
      'service_role'
    )
    expect(now).toEqual(was)
    expect(now.workspace_ids).toBe('')
  })

  it('for anon (who may not call them: asked as the database)', async () => {
    const { now, was } = await compareAs(null)
    expect(now).toEqual(was)
    expect(now.member_channel_ids).toBe('')
  })

  it('for the member, an is_channel_member of null is null, as `null in (…)` was', async () => {
    const { now } = await compareAs(member())
    expect(now.is_channel_member).toMatch(/ null=null$/)
    const alone = await compareAs(
      member(),
      {},
      (tx) => tx`update public.workspace_members set left_at = now() where user_id = ${member().id}`
    )
    expect(alone.now).toEqual(alone.was)
    expect(alone.now.is_channel_member).toMatch(/ null=false$/)
  })
})

describe('the helpers keep their kind', () => {
  it('plpgsql, stable, security definer where they were, search_path empty, same grants', async () => {
    const rows = await stack.sql<
      {
        name: string
        lang: string
        volatile: string
        definer: boolean
        config: string[]
        acl: string
      }[]
    >`
      select p.proname as name, l.lanname as lang, p.provolatile as volatile,
        p.prosecdef as definer, p.proconfig as config,
        (select string_agg(a.grantee::regrole::text, ',' order by a.grantee::regrole::text)
         from aclexplode(p.proacl) a where a.privilege_type = 'EXECUTE') as acl
      from pg_proc p join pg_language l on l.oid = p.prolang
      where p.pronamespace = 'private'::regnamespace and p.proname = any (${[
        'oauth_client_id',
        'session_aal2',
        'mfa_ok',
        'oauth_session_live',
        'workspace_ids',
        'member_channel_ids',
        'postable_channel_ids',
        'is_channel_member',
        'guests_of_channel',
      ]})
      order by p.proname`
    const definers = new Set([
      'mfa_ok',
      'oauth_session_live',
      'workspace_ids',
      'member_channel_ids',
      'postable_channel_ids',
      'is_channel_member',
      'guests_of_channel',
    ])
    expect(rows).toHaveLength(9)
    for (const row of rows) {
      expect({ name: row.name, lang: row.lang, volatile: row.volatile }).toEqual({
        name: row.name,
        lang: 'plpgsql',
        volatile: 's',
      })
      expect(row.definer).toBe(definers.has(row.name))
      expect(row.config).toEqual(['search_path=""'])
      expect(row.acl).toBe(
        row.name === 'guests_of_channel' ? 'postgres' : 'authenticated,postgres,service_role'
      )
    }
  })
})
