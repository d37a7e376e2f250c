// A person's status through set_status() and clear_status() as the app calls them (role
// authenticated, the caller's claims): what is stored, when it clears (30 minutes, the end of
// today and of this week in the person's time zone, never), the refusals in PostgREST's error
// format, an expired status reading as none, who reads it, and the live event to co-workers.
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { clientFor } from './support/rest-checker.ts'
import { asRole, buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

interface StatusRow {
  user_id: string
  emoji: string
  text: string
  clear_after: string
  clear_at: Date | null
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

function setStatus(
  person: Person,
  emoji: string | null,
  text: string | null,
  clearAfter: string,
  timeZone = 'UTC'
): Promise<StatusRow> {
  return asRole(stack.sql, person, async (tx) => {
    const [row] = await tx<StatusRow[]>`
      select * from public.set_status(${emoji}, ${text}, ${clearAfter}, ${timeZone})`
    return row!
  })
}

function statusesSeenBy(person: Person | null): Promise<StatusRow[]> {
  return asRole(stack.sql, person, (tx) => tx<StatusRow[]>`select * from public.user_statuses`)
}

async function refusal(
  promise: Promise<unknown>
): Promise<{ code: string; message: string; detail: string | undefined }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(postgres.PostgresError)
  const { code, message, detail } = error as postgres.PostgresError
  return { code, message, detail }
}

/** The instant as wall-clock time in a time zone: 'YYYY-MM-DD HH:MM:SS' and the weekday. */
async function localTime(at: Date, timeZone: string) {
  const [row] = await stack.sql<{ local: string; dow: number }[]>`
    select to_char(${at}::timestamptz at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local,
      extract(isodow from ${at}::timestamptz at time zone ${timeZone})::int as dow`
  return row!
}

describe('set_status', () => {
  it('stores the emoji and the trimmed text, and replaces the previous status', async () => {
    const me = world.people.member2
    await setStatus(me, '🌴', 'first', 'never')
    const row = await setStatus(me, ' 🤒 ', '  Out   sick ', 'never')
    expect(row).toMatchObject({ user_id: me.id, emoji: '🤒', text: 'Out sick', clear_at: null })
    const stored = await stack.sql`select emoji from public.user_statuses where user_id = ${me.id}`
    expect(stored.map((r) => r.emoji)).toEqual(['🤒'])
  })

  it('gives a text without an emoji the speech balloon, and takes an emoji alone', async () => {
    const me = world.people.member2
    expect((await setStatus(me, '', 'Commuting', 'never')).emoji).toBe('💬')
    expect(await setStatus(me, '🚆', null, 'never')).toMatchObject({ emoji: '🚆', text: '' })
  })

  it('takes one emoji of several code points: skin tone, joined people, flag, keycap', async () => {
    for (const emoji of ['👍🏽', '👨‍👩‍👧', '🇫🇷', '1️⃣', '❤️', '🏳️‍🌈']) {
      expect((await setStatus(world.people.member2, emoji, 'x', 'never')).emoji).toBe(emoji)
    }
  })

  it('clears after 30 minutes from now', async () => {
    const before = Date.now()
    const row = await setStatus(world.people.member2, '📅', 'In a meeting', '30_minutes')
    const ms = row.clear_at!.getTime() - before
    expect(ms).toBeGreaterThan(29 * 60_000)
    expect(ms).toBeLessThanOrEqual(30 * 60_000 + 5_000)
  })

  it("clears today at the next midnight of the person's time zone", async () => {
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata']) {
      const row = await setStatus(world.people.member2, '📅', 'busy', 'today', zone)
      expect(row.clear_after).toBe('today')
      expect((await localTime(row.clear_at!, zone)).local).toMatch(/^\d{4}-\d\d-\d\d 00:00:00$/)
      const ms = row.clear_at!.getTime() - Date.now()
      expect(ms).toBeGreaterThan(0)
      expect(ms).toBeLessThanOrEqual(25 * 3600_000)
    }
  })

  it("clears this week at the next Monday's midnight of the person's time zone", async () => {
    const row = await setStatus(
      world.people.member2,
      '🌴',
      'On holiday',
      'this_week',
      'Europe/Paris'
    )
    const local = await localTime(row.clear_at!, 'Europe/Paris')
    expect(local.local).toMatch(/ 00:00:00$/)
    expect(local.dow).toBe(1)
    const ms = row.clear_at!.getTime() - Date.now()
    expect(ms).toBeGreaterThan(0)
    expect(ms).toBeLessThanOrEqual(7 * 24 * 3600_000 + 3600_000)
  })

  it('refuses a text over 100 characters and takes 100', async () => {
    const me = world.people.member2
    expect((await setStatus(me, '💬', 'x'.repeat(100), 'never')).text).toHaveLength(100)
    expect(await refusal(setStatus(me, '💬', 'x'.repeat(101), 'never'))).toEqual({
      code: '22023',
      message: 'Status text must be at most 100 characters; it has 101.',
      detail: 'text_too_long',
    })
  })

  it('refuses what is not one emoji', async () => {
    for (const emoji of ['abc', ':smile:', '1', '😀 😀', '<b>', '😀'.repeat(33)]) {
      expect(await refusal(setStatus(world.people.member2, emoji, 'x', 'never'))).toEqual({
        code: '22023',
        message: `The status emoji must be one emoji; got ${[...emoji].length} characters.`,
        detail: 'status_emoji_invalid',
      })
    }
  })

  it('refuses an unknown clear-after choice, an unknown time zone and an empty status', async () => {
    const me = world.people.member2
    expect(await refusal(setStatus(me, '💬', 'x', 'forever'))).toEqual({
      code: '22023',
      message: 'Unknown clear-after choice: forever.',
      detail: 'invalid_argument',
    })
    expect(await refusal(setStatus(me, '💬', 'x', 'today', 'Mars/Olympus'))).toEqual({
      code: '22023',
      message: 'Unknown time zone: Mars/Olympus.',
      detail: 'unknown_time_zone',
    })
    expect(await refusal(setStatus(me, ' ', '  ', 'never'))).toEqual({
      code: '22023',
      message: 'A status needs an emoji or some text.',
      detail: 'status_empty',
    })
    expect(await refusal(setStatus(me, '💬', 'a\u0007b', 'never'))).toMatchObject({
      code: '22023',
      detail: 'text_has_control_characters',
    })
  })

  it('answers bad input through REST as PostgREST does (400 with the error), anon 401', async () => {
    const client = clientFor(stack, world.people.member2)
    const bad = await client.rpc('set_status', {
      p_emoji: '💬',
      p_text: 'x'.repeat(101),
      p_clear_after: 'never',
      p_time_zone: 'UTC',
    })
    expect(bad.status).toBe(400)
    expect(bad.error).toMatchObject({
      code: '22023',
      message: 'Status text must be at most 100 characters; it has 101.',
      details: 'text_too_long',
    })
    const anon = await clientFor(stack, null).rpc('set_status', {
      p_emoji: '💬',
      p_text: 'x',
      p_clear_after: 'never',
    })
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
  })
})

describe('reading a status', () => {
  it('co-workers read it, someone sharing no workspace does not, anon does not', async () => {
    const { member, owner, outsider } = world.people
    await setStatus(member, '🏠', 'Working from home', 'never')
    const seen = (p: Person | null) =>
      statusesSeenBy(p).then((rows) => rows.some((r) => r.user_id === member.id))
    expect(await seen(member)).toBe(true)
    expect(await seen(owner)).toBe(true)
    expect(await seen(outsider)).toBe(false)
    expect(await seen(null)).toBe(false)
  })

  it('reads as none once its time has passed, for everyone, without a job', async () => {
    const { member, owner } = world.people
    await setStatus(member, '📅', 'In a meeting', '30_minutes')
    await stack.sql`
      update public.user_statuses set clear_at = now() - interval '1 second'
      where user_id = ${member.id}`
    for (const reader of [member, owner]) {
      expect((await statusesSeenBy(reader)).some((r) => r.user_id === member.id)).toBe(false)
    }
  })

  it('is gone after clear_status(), which clears nothing without an error too', async () => {
    const { member, owner } = world.people
    await setStatus(member, '🤒', 'Out sick', 'never')
    await asRole(stack.sql, member, (tx) => tx`select public.clear_status()`)
    await asRole(stack.sql, member, (tx) => tx`select public.clear_status()`)
    expect((await statusesSeenBy(owner)).some((r) => r.user_id === member.id)).toBe(false)
  })

  it('cannot be written directly, even by its owner', async () => {
    const { member } = world.people
    const error = await refusal(
      asRole(
        stack.sql,
        member,
        (tx) => tx`insert into public.user_statuses (user_id, emoji, clear_after)
          values (${member.id}, '😀', 'never')`
      )
    )
    expect(error.code).toBe('42501')
  })
})

describe('live', () => {
  it("sends each change to the person's workspace, not to other workspaces", async () => {
    const { member, owner, outsider } = world.people
    const coworker = new Inbox()
    const stranger = new Inbox()
    const a = await joinPrivate(stack, owner, liveTopic.workspace(world.ws), coworker)
    const b = await joinPrivate(stack, outsider, liveTopic.workspace(world.ws2), stranger)
    try {
      expect(a.joined && b.joined).toBe(true)
      await setStatus(member, '🚆', 'Commuting', 'today', 'Europe/Paris')
      await coworker.until(
        (h) => h.payload.table === 'user_statuses' && recordOf(h).text === 'Commuting'
      )
      await asRole(stack.sql, member, (tx) => tx`select public.clear_status()`)
      // The DELETE carries the row as it was (an earlier test's clear may still be on its way
      // when the topic is joined: the one awaited is this status's)
      const ofThisStatus = (h: Parameters<Parameters<Inbox['until']>[0]>[0]) =>
        h.event === 'DELETE' &&
        h.payload.table === 'user_statuses' &&
        recordOf(h).text === 'Commuting'
      await coworker.until(ofThisStatus)
      const cleared = coworker.heard.find(ofThisStatus)!
      expect(recordOf(cleared)).toMatchObject({ user_id: member.id, emoji: '🚆' })
      expect(stranger.heard.some((h) => h.payload.table === 'user_statuses')).toBe(false)
    } finally {
      await leave(a)
      await leave(b)
    }
  })
})
