// The server's side of a large topic, with 200 sockets, each a distinct user: a broadcast from
// the database is encoded once and written to every authorized socket, with no authorization per
// event (a private channel's read policy is asked at the join and by the re-checks, whose cost
// follows the channels, not the events, and is skipped while the policy's tables stay as they
// were); a join storm's presence diffs are merged instead of one
// diff per join to every member (N² frames); and a member removed from the private topic is still
// cut off by the next round (one a second). The tests wait for the re-check's rounds (the
// stack's 'realtime-recheck' event), never for the clock.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type * as frames from '../../src/realtime/protocol/frames.ts'
import type { RecheckRound } from '../../src/realtime/socket/recheck.ts'
import { nextEvent } from '../support/stack-events.ts'
import { startTestStack } from '../support/stack.ts'
import type { TestStack } from '../support/stack.ts'
import { RawClient, socketUrl } from './raw-client.ts'
import type { Frame } from './raw-client.ts'

/** Every fastlane frame the stack encodes, by topic and event. */
const encoded = new Map<string, number>()
vi.mock('../../src/realtime/protocol/frames.ts', async (original) => {
  const real = await original<typeof frames>()
  return {
    ...real,
    encodeFastlane(vsn: frames.Vsn, topic: string, event: string, payload: string) {
      const key = `${topic} ${event}`
      encoded.set(key, (encoded.get(key) ?? 0) + 1)
      return real.encodeFastlane(vsn, topic, event, payload)
    },
  }
})

// Each statement that evaluates the read policy takes a number from policy_checks (a sequence:
// the probes roll back, the numbers stay taken).
const SCHEMA = `
create table public.members (
  room text not null,
  user_id uuid not null,
  primary key (room, user_id)
);
-- A row here makes the policy fail (division by zero) for that user alone.
create table public.broken (user_id uuid primary key, d int not null);
grant select on public.broken to authenticated;
-- Written while the policy's tables stay as they were (the re-checks are skipped).
create table public.unrelated (id bigint generated always as identity primary key, at timestamptz default now());
create sequence public.policy_checks;
grant usage on sequence public.policy_checks to authenticated;
create policy "members read" on realtime.messages for select to authenticated using (
  extension in ('broadcast', 'presence')
  and (select nextval('public.policy_checks')) > 0
  and exists (select 1 from public.members m
              where m.room = (select realtime.topic()) and m.user_id = (select auth.uid()))
  and not exists (select 1 from public.broken b where b.user_id = (select auth.uid()) and 1 / b.d = 1)
);
`

const N = 200
const ROOM = 'room:big'
let stack: TestStack
let url: string

beforeAll(async () => {
  // The CLI's local tenant allows 100 messages a second; one broadcast here is 201.
  process.env.TENANT_MAX_EVENTS_PER_SECOND = '10000000'
  try {
    stack = await startTestStack({ migrations: { '20240101000000_members.sql': SCHEMA } })
  } finally {
    delete process.env.TENANT_MAX_EVENTS_PER_SECOND
  }
  url = socketUrl(stack.url, stack.anonKey)
})

afterAll(async () => {
  await stack?.stop()
})

// How many numbers the sequence gave: a fresh sequence reads last_value 1 before its first
// nextval (is_called false), and still 1 after it.
const policyChecks = async () =>
  Number(
    (
      await stack.sql<{ n: string }[]>`
        select case when is_called then last_value else 0 end as n from public.policy_checks`
    )[0]?.n
  )

function token(sub: string): Promise<string> {
  return stack.keys.sign({
    sub,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })
}

/** The first re-check round from now that `accept` takes, and how many ended before it. */
async function round(accept: (round: RecheckRound) => boolean) {
  const { args, seen } = await nextEvent(stack, 'realtime-recheck', accept)
  return { ...args[0], before: seen.length }
}

const isEvent = (event: string) => (f: Frame) => f[3] === event
const countOf = (client: RawClient, event: string) =>
  client.received.items.filter(
    (r) => Array.isArray(r.message) && isEvent(event)(r.message as Frame)
  ).length

describe('fan-out to 200 sockets', () => {
  const users = Array.from({ length: N }, () => randomUUID())
  const clients: RawClient[] = []

  it('encodes a database broadcast once for all 200 private channels, with no authorization per event', async () => {
    await stack.sql`insert into public.members ${stack.sql(users.map((user_id) => ({ room: ROOM, user_id })))}`
    const before = await policyChecks()
    for (const user of users) {
      const client = await RawClient.connect(url)
      const { reply } = await client.join(`realtime:${ROOM}`, {
        config: { private: true, broadcast: { self: false }, presence: { key: '' } },
        access_token: await token(user),
      })
      expect(reply[4]).toMatchObject({ status: 'ok' })
      clients.push(client)
    }
    // Each join asked the policy once.
    expect((await policyChecks()) - before).toBeGreaterThanOrEqual(N)

    const EVENTS = 20
    encoded.clear()
    const rounds: RecheckRound[] = []
    const onRound = (round: RecheckRound) => rounds.push(round)
    stack.context.events.on('realtime-recheck', onRound)
    const checksBefore = await policyChecks()
    for (let i = 0; i < EVENTS; i++) {
      await stack.sql`select realtime.send(${stack.sql.json({ i })}, 'message', ${ROOM}, true)`
    }
    await Promise.all(clients.map((c) => c.received.until(() => countOf(c, 'broadcast') >= EVENTS)))
    expect(clients.map((c) => countOf(c, 'broadcast'))).toEqual(users.map(() => EVENTS))
    // One encoding per event for the 200 sockets.
    expect(encoded.get(`realtime:${ROOM} broadcast`)).toBe(EVENTS)
    // The policy was asked by the re-check rounds (each channel at most once a round, and one
    // round may still be under way), not once per delivery (20 × 200).
    const checks = (await policyChecks()) - checksBefore
    stack.context.events.off('realtime-recheck', onRound)
    const asked = rounds.reduce((sum, round) => sum + round.checked, 0)
    console.log(`${EVENTS} broadcasts to ${N} channels, ${rounds.length} rounds: ${checks} checks`)
    expect(checks).toBeLessThanOrEqual(asked + N)
    expect(checks).toBeLessThan(EVENTS * N)
  })

  it('skips the re-checks while commits leave the tables the policy reads as they were', async () => {
    // The rounds that follow the joins have run: one has found nothing to check.
    await round((r) => r.kind === 'skipped')
    const before = await policyChecks()
    // Three rounds with commits to another table before and during each.
    let writing = true
    const writer = (async () => {
      while (writing) {
        await stack.sql`insert into public.unrelated default values`
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    const during = [] as RecheckRound[]
    try {
      for (let i = 0; i < 3; i++) during.push(await round(() => true))
    } finally {
      writing = false
      await writer
    }
    expect(during.map((r) => r.kind)).toEqual(['skipped', 'skipped', 'skipped'])
    expect((await policyChecks()) - before).toBe(0)
    // A row the policy reads, changed in a way that changes no answer, is a round all the same:
    // the first round that begins after it checks every channel.
    await stack.sql`insert into public.members (room, user_id) values ('room:other', ${randomUUID()})`
    const full = await round((r) => r.kind !== 'skipped')
    expect(full).toEqual({ kind: 'full', checked: N, revoked: 0, before: expect.any(Number) })
    expect(full.before).toBeLessThanOrEqual(1)
    expect((await policyChecks()) - before).toBe(N)
  })

  it('checks a channel joined since the last round alone, not every channel again', async () => {
    const late = randomUUID()
    await stack.sql`insert into public.members (room, user_id) values (${ROOM}, ${late})`
    // The insert changed the policy's table: a full round follows, then nothing changes.
    await round((r) => r.kind === 'full')
    await round((r) => r.kind === 'skipped')
    const before = await policyChecks()
    const client = await RawClient.connect(url)
    const { reply } = await client.join(`realtime:${ROOM}`, {
      config: { private: true, broadcast: { self: false }, presence: { key: '' } },
      access_token: await token(late),
    })
    expect(reply[4]).toMatchObject({ status: 'ok' })
    // The next round that checks anything checks that channel alone.
    const fresh = await round((r) => r.kind !== 'skipped')
    expect(fresh).toEqual({ kind: 'fresh', checked: 1, revoked: 0, before: expect.any(Number) })
    expect(fresh.before).toBeLessThanOrEqual(1)
    // The join's own check and that round's check of the channel: 2, not N + 1.
    expect((await policyChecks()) - before).toBe(2)
    client.close()
  })

  it('cuts off a member removed from the private topic at the next round', async () => {
    const removed = clients[7] as RawClient
    const kept = clients[8] as RawClient
    await stack.sql`delete from public.members where room = ${ROOM} and user_id = ${users[7] as string}`
    // The first round that begins after the delete closes that channel alone (a round under way
    // as it commits may end before).
    const cut = await round((r) => r.kind !== 'skipped')
    expect(cut).toMatchObject({ kind: 'full', revoked: 1 })
    // Every channel (the one test 3 closed may not be gone yet).
    expect(cut.checked).toBeGreaterThanOrEqual(N)
    expect(cut.before).toBeLessThanOrEqual(1)
    const system = await removed.frame(isEvent('system'))
    expect(system[4]).toMatchObject({
      status: 'error',
      message: `You no longer have permission to read from this Channel topic: ${ROOM}`,
    })
    await removed.frame(isEvent('phx_close'))

    await stack.sql`select realtime.send(${stack.sql.json({ i: 'after' })}, 'message', ${ROOM}, true)`
    await kept.frame((f) => f[3] === 'broadcast' && JSON.stringify(f[4]).includes('after'))
    expect(JSON.stringify(removed.received.items.map((r) => r.message))).not.toContain('"after"')
    expect(countOf(kept, 'system')).toBe(0)
  })

  it('denies only the caller whose policy fails in a re-check, and serves the others', async () => {
    const failing = clients[9] as RawClient
    const kept = clients[10] as RawClient
    await stack.sql`insert into public.broken values (${users[9] as string}, 0)`
    const system = await failing.frame(isEvent('system'))
    expect(system[4]).toMatchObject({
      status: 'error',
      message: `You no longer have permission to read from this Channel topic: ${ROOM}`,
    })
    await stack.sql`select realtime.send(${stack.sql.json({ i: 'later' })}, 'message', ${ROOM}, true)`
    await kept.frame((f) => f[3] === 'broadcast' && JSON.stringify(f[4]).includes('later'))
    expect(countOf(kept, 'system')).toBe(0)
    for (const client of clients) client.close()
  })

  it('merges the presence diffs of a join storm: far fewer than one diff per join to every member', async () => {
    const storm = await Promise.all(users.map(() => RawClient.connect(url)))
    const keys = storm.map(() => new Set<string>())
    storm.forEach((client, index) => {
      client.received.until((items) => {
        const last = items[items.length - 1]
        const frame = last && Array.isArray(last.message) ? (last.message as Frame) : null
        const seen = keys[index] as Set<string>
        if (frame?.[3] === 'presence_state')
          for (const k of Object.keys(frame[4] as object)) seen.add(k)
        if (frame?.[3] === 'presence_diff') {
          const diff = frame[4] as { joins: object; leaves: object }
          for (const k of Object.keys(diff.joins)) seen.add(k)
          for (const k of Object.keys(diff.leaves)) seen.delete(k)
        }
        return false
      })
    })
    // All at once: each joins with presence and tracks itself.
    await Promise.all(
      storm.map(async (client, index) => {
        const { joinRef } = await client.join('realtime:storm', {
          config: { presence: { key: `p${index}`, enabled: true } },
        })
        const ref = client.push(joinRef, 'realtime:storm', 'presence', {
          type: 'presence',
          event: 'track',
          payload: { n: index },
        })
        await client.reply(ref)
      })
    )
    // Everyone ends up seeing everyone.
    await Promise.all(
      storm.map((client, index) =>
        client.received.until(() => (keys[index] as Set<string>).size === N)
      )
    )
    const diffs = storm.reduce((sum, client) => sum + countOf(client, 'presence_diff'), 0)
    // One diff per join to every member would be N(N+1)/2 = 20,100 frames at least.
    expect(diffs).toBeLessThan((N * N) / 4)

    // Half of them leave at once: the others see exactly those leave, again merged.
    const stay = storm.slice(N / 2)
    const diffsBefore = stay.map((client) => countOf(client, 'presence_diff'))
    for (const client of storm.slice(0, N / 2)) client.terminate()
    await Promise.all(
      stay.map((client, i) =>
        client.received.until(() => (keys[N / 2 + i] as Set<string>).size === N / 2)
      )
    )
    const leaveDiffs = stay.reduce(
      (sum, client, i) => sum + countOf(client, 'presence_diff') - (diffsBefore[i] as number),
      0
    )
    console.log(`presence: ${diffs} diff frames for ${N} joins, ${leaveDiffs} for ${N / 2} leaves`)
    // One diff per leave to every remaining member would be (N/2)² = 10,000 frames.
    expect(leaveDiffs).toBeLessThan((N / 2) ** 2 / 4)
    for (const client of stay) client.close()
  })
})
