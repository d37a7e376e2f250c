// Custom slash commands' servers answering, end to end on the real stack: a 500, a server that
// does not answer in 3 s, a redirect, a private or local address (loopback only with the test
// setting); later answers through the response_url (ephemeral to the caller only, in RLS and live
// on their user topic; in_channel; replace and delete the earlier ones; its limits: a wrong
// secret, a sixth use, an expiry, each raised in SQL with its Chorus code). Registering and
// running: slash-commands.test.ts. The server and set-up are support/slash-commands.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { allowLoopback, useSlashCommands } from './support/slash-commands.ts'
import { asRole } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useSlashCommands()
const { createCommand, invoke, countIn, responseUrlOf, postTo } = t

/** The member runs the command `name` in #plaza; its server answers as t.reply says. */
const runInPlaza = (name: string, text = 'x') =>
  invoke(t.world.people.member, { command: name, text, channel_id: t.world.ch.plaza })

describe('failing command servers', () => {
  it('a 500 is a clear ephemeral error, nothing posted', async () => {
    const command = await createCommand(t.world.people.owner)
    t.reply = (_r, response) => {
      response.statusCode = 500
      response.end('boom')
    }
    const before = await countIn(t.world.ch.plaza)
    const result = await runInPlaza(command.name)
    expect(result.json).toEqual({
      ephemeral: `${command.name} failed: the app answered with HTTP status 500.`,
      posted: false,
      error: 'http_error',
    })
    expect(await countIn(t.world.ch.plaza)).toBe(before)
  })

  it('an app that does not answer in 3 seconds is a timeout, nothing posted', async () => {
    const command = await createCommand(t.world.people.owner)
    t.reply = (_r, response) => void t.held.push(response)
    const before = await countIn(t.world.ch.plaza)
    const result = await runInPlaza(command.name)
    expect(result.json).toEqual({
      ephemeral: `${command.name} failed: the app did not answer in 3 seconds.`,
      posted: false,
      error: 'timeout',
    })
    expect(await countIn(t.world.ch.plaza)).toBe(before)
  })

  it('a redirect is not followed', async () => {
    const command = await createCommand(t.world.people.owner)
    t.reply = (_r, response) => {
      response.statusCode = 302
      response.setHeader('Location', 'http://169.254.169.254/latest/meta-data/')
      response.end()
    }
    const result = await runInPlaza(command.name)
    expect(result.json.posted).toBe(false)
    expect(result.json.ephemeral).toMatch(new RegExp(`^${command.name} failed: `))
    expect(t.received).toHaveLength(1)
  })

  it('a private or local address is refused, and loopback is only with the test setting', async () => {
    const metadata = await createCommand(
      t.world.people.owner,
      'http://169.254.169.254/latest/meta-data/'
    )
    const result = await runInPlaza(metadata.name, '')
    expect(result.json).toMatchObject({ posted: false, error: 'blocked_address' })
    expect(result.json.ephemeral).toMatch(/private or local address/)

    const local = await createCommand(t.world.people.owner)
    allowLoopback(false)
    const refused = await runInPlaza(local.name, '')
    expect(refused.json).toMatchObject({ posted: false, error: 'blocked_address' })
    expect(t.received).toHaveLength(0)
  })
})

describe('the response_url', () => {
  it('delivers a later ephemeral answer to the caller only', async () => {
    const command = await createCommand(t.world.people.owner)
    const url = await responseUrlOf(t.world.people.member, t.world.ch.plaza, command.name)
    const before = await countIn(t.world.ch.plaza)
    expect(await postTo(url, { text: 'Done _later_' })).toEqual({ status: 200, text: 'ok' })
    expect(await countIn(t.world.ch.plaza)).toBe(before)
    const read = (person: Person) =>
      asRole(
        t.stack.sql,
        person,
        (tx) => tx<{ body: string; command: string }[]>`
        select body, command from public.slash_command_responses where channel_id = ${t.world.ch.plaza}`
      )
    expect(await read(t.world.people.member)).toContainEqual({
      body: 'Done _later_',
      command: command.name,
    })
    expect(await read(t.world.people.admin)).toEqual([])
    expect(await read(t.world.people.owner)).toEqual([])
  })

  it('posts a later in_channel answer; refuses a wrong secret, a sixth use and an expired URL', async () => {
    const command = await createCommand(t.world.people.owner)
    const url = await responseUrlOf(t.world.people.member, t.world.ch.plaza, command.name)
    const before = await countIn(t.world.ch.plaza)
    expect(await postTo(url, { response_type: 'in_channel', text: 'Build 1 passed' })).toEqual({
      status: 200,
      text: 'ok',
    })
    expect(await countIn(t.world.ch.plaza)).toBe(before + 2)
    const wrong = url.replace(/[^/]+$/, 'A'.repeat(32))
    expect(await postTo(wrong, { text: 'x' })).toEqual({ status: 403, text: 'invalid_token' })
    expect(await postTo(url, { text: '' })).toEqual({ status: 400, text: 'no_text' })
    expect(await postTo(url, { response_type: 'sideways', text: 'x' })).toEqual({
      status: 400,
      text: 'invalid_payload',
    })
    for (let i = 2; i <= 5; i++) expect((await postTo(url, { text: `use ${i}` })).status).toBe(200)
    expect(await postTo(url, { text: 'sixth' })).toEqual({ status: 404, text: 'used_url' })
    expect(await countIn(t.world.ch.plaza)).toBe(before + 2)

    const second = await responseUrlOf(t.world.people.member, t.world.ch.plaza, command.name)
    await t.stack
      .sql`update private.slash_command_invocations set expires_at = now() - interval '1 second'
      where id = ${second.split('/').at(-2)!}`
    expect(await postTo(second, { text: 'late' })).toEqual({ status: 404, text: 'expired_url' })
    const unknown = second.replace(/respond\/[^/]+/, 'respond/00000000-0000-0000-0000-000000000000')
    expect(await postTo(unknown, { text: 'x' })).toEqual({ status: 404, text: 'no_service' })
  })
})

describe("the response_url's refusals in SQL", () => {
  it('carry a Chorus code each, which the function answers as Slack does', async () => {
    const command = await createCommand(t.world.people.owner)
    const url = await responseUrlOf(t.world.people.member, t.world.ch.plaza, command.name)
    const [run, secret] = url.split('/').slice(-2) as [string, string]
    const detail = (e: { detail?: string }) => e.detail
    const answer = (id: string, key: string, inChannel = false) =>
      t.stack
        .sql`select public.answer_slash_command(${id}, ${key}, ${inChannel}, 'x', ${randomUUID()})`.then(
        () => 'ok',
        detail
      )
    const forget = (id: string, key: string) =>
      t.stack.sql`select public.forget_slash_command_answers(${id}, ${key})`.then(
        () => 'ok',
        detail
      )
    const uses = async () =>
      (
        await t.stack.sql<{ uses: number }[]>`
          select uses from private.slash_command_invocations where id = ${run}`
      )[0]!.uses
    const nobody = randomUUID()
    expect(await answer(nobody, secret)).toBe('slash_command_run_not_found')
    expect(await forget(nobody, secret)).toBe('slash_command_run_not_found')
    expect(await answer(run, 'wrong')).toBe('response_url_secret_invalid')
    expect(await forget(run, 'wrong')).toBe('response_url_secret_invalid')

    // An in_channel answer to an archived channel (archived in a transaction undone after).
    const counted = await uses()
    const archived = await t.stack.sql
      .begin(async (tx) => {
        await tx`update public.channels set archived_at = now() where id = ${t.world.ch.plaza}`
        await tx`select public.answer_slash_command(${run}, ${secret}, true, 'x', ${randomUUID()})`
      })
      .then(() => 'ok', detail)
    expect(archived).toBe('channel_archived')
    expect(await uses()).toBe(counted)

    await t.stack.sql`update private.slash_command_invocations set uses = 5 where id = ${run}`
    expect(await answer(run, secret)).toBe('response_url_used_up')
    expect(await forget(run, secret)).toBe('response_url_used_up')
    await t.stack.sql`update private.slash_command_invocations
      set expires_at = now() - interval '1 second' where id = ${run}`
    expect(await answer(run, secret)).toBe('response_url_expired')
    expect(await forget(run, secret)).toBe('response_url_expired')
  })
})

describe('replace_original and delete_original', () => {
  it("replace or delete the run's earlier later answers, and count as uses", async () => {
    const command = await createCommand(t.world.people.owner)
    const url = await responseUrlOf(t.world.people.member, t.world.ch.plaza, command.name)
    const mine = () =>
      asRole(
        t.stack.sql,
        t.world.people.member,
        (tx) => tx<{ body: string }[]>`
          select body from public.slash_command_responses
          where invocation_id = ${url.split('/').at(-2)!} order by created_at`
      ).then((rows) => rows.map((r) => r.body))
    expect((await postTo(url, { text: 'Deploying…' })).status).toBe(200)
    expect(await mine()).toEqual(['Deploying…'])
    expect((await postTo(url, { replace_original: true, text: 'Deployed' })).status).toBe(200)
    expect(await mine()).toEqual(['Deployed'])
    const wrong = url.replace(/[^/]+$/, 'B'.repeat(32))
    expect(await postTo(wrong, { delete_original: true })).toEqual({
      status: 403,
      text: 'invalid_token',
    })
    expect(await mine()).toEqual(['Deployed'])
    expect(await postTo(url, { delete_original: true })).toEqual({ status: 200, text: 'ok' })
    expect(await mine()).toEqual([])
  })
})

describe('a later ephemeral answer, live', () => {
  it("reaches the caller's own user topic, and nobody else's", async () => {
    const { member, admin } = t.world.people
    const inboxes = { member: new Inbox(), admin: new Inbox() }
    const joins = [
      await joinPrivate(t.stack, member, liveTopic.user(member.id), inboxes.member),
      await joinPrivate(t.stack, admin, liveTopic.user(admin.id), inboxes.admin),
    ]
    try {
      expect(joins.map((j) => j.joined)).toEqual([true, true])
      const command = await createCommand(t.world.people.owner)
      const forMember = await responseUrlOf(member, t.world.ch.plaza, command.name)
      const forAdmin = await responseUrlOf(admin, t.world.ch.plaza, command.name)
      expect((await postTo(forMember, { text: 'for the member' })).status).toBe(200)
      // the marker: sent after, on the admin's topic; one topic's events arrive in order
      expect((await postTo(forAdmin, { text: 'for the admin' })).status).toBe(200)
      const answers = (inbox: Inbox) =>
        inbox.heard
          .filter((h) => h.payload.table === 'slash_command_responses')
          .map((h) => recordOf(h).body)
      await inboxes.member.until((h) => recordOf(h).body === 'for the member')
      await inboxes.admin.until((h) => recordOf(h).body === 'for the admin')
      expect(answers(inboxes.admin)).toEqual(['for the admin'])
      expect(answers(inboxes.member)).toContain('for the member')
      expect(answers(inboxes.member)).not.toContain('for the admin')
    } finally {
      for (const joined of joins) await leave(joined)
    }
  })
})
