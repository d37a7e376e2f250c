// Bots' Web API on the real stack, what it refuses: real HTTP calls of Slack's methods to the
// `slack-api` Edge Function with the bot's token. Nothing of a channel the bot is not in readable
// or writable (nor of a workspace requiring two-factor sign-in, nor an archived channel); bad
// bodies never a 500 and nothing stored; authenticate_bot's refusals raised in SQL with a Chorus
// code each. The methods' successes: bots-api.test.ts.
import { describe, expect, it } from 'vitest'
import { useBotsStack } from './support/bots.ts'
import { asRole } from './support/world.ts'

const ctx = useBotsStack()

describe('channels the bot is not in', () => {
  it('refuses to write or read them and shows nothing of them', async () => {
    const cases: [string, string][] = [
      [ctx.world.ch.general, 'not_in_channel'], // public, the bot not added
      [ctx.world.ch.quiet, 'channel_not_found'], // private
      [ctx.world.ch.dm, 'channel_not_found'],
      [ctx.world.ch.outside, 'channel_not_found'], // another workspace
      ['C0123456', 'channel_not_found'],
    ]
    for (const [channel, error] of cases) {
      const before = UUIDish(channel) ? await ctx.countIn(channel) : 0
      for (const [method, args] of [
        ['chat.postMessage', { channel, text: 'hi' }],
        ['conversations.history', { channel }],
        ['conversations.replies', { channel, ts: '1700000000.000001' }],
        ['reactions.add', { channel, timestamp: '1700000000.000001', name: 'tada' }],
      ] as const) {
        const answer = await ctx.call(method, args, ctx.bot.token)
        expect({ channel, method, body: answer.body }).toEqual({
          channel,
          method,
          body: { ok: false, error },
        })
      }
      if (UUIDish(channel)) expect(await ctx.countIn(channel)).toBe(before)
    }
  })

  it('reads nothing in a workspace that requires two-factor sign-in, as a person without one', async () => {
    await ctx.stack.sql`update public.workspaces set require_mfa = true where id = ${ctx.world.ws}`
    try {
      const answer = await ctx.call(
        'conversations.history',
        { channel: ctx.world.ch.plaza },
        ctx.bot.token
      )
      expect(answer.body).toEqual({ ok: false, error: 'channel_not_found' })
    } finally {
      await ctx.stack
        .sql`update public.workspaces set require_mfa = false where id = ${ctx.world.ws}`
    }
    expect(
      (await ctx.call('conversations.history', { channel: ctx.world.ch.plaza }, ctx.bot.token)).body
        .ok
    ).toBe(true)
  })

  it('answers is_archived for an archived channel it is in, and stores nothing', async () => {
    const archivedBot = await ctx.createBot(ctx.world.people.owner, 'Archivist')
    await ctx.stack
      .sql`insert into public.channel_members (channel_id, user_id) values (${ctx.world.ch.attic}, ${archivedBot.id})`
    const before = await ctx.countIn(ctx.world.ch.attic)
    const answer = await ctx.call(
      'chat.postMessage',
      { channel: ctx.world.ch.attic, text: 'hi' },
      archivedBot.token
    )
    expect(answer.body).toMatchObject({ ok: false, error: 'is_archived' })
    expect(await ctx.countIn(ctx.world.ch.attic)).toBe(before)
  })
})

const UUIDish = (s: string) => /^[0-9a-f-]{36}$/.test(s)

describe('bad calls', () => {
  it("answers Slack's errors, never a 500, and stores nothing", async () => {
    const before = await ctx.countIn(ctx.world.ch.plaza)
    let deep: unknown = 'x'
    for (let i = 0; i < 40; i++) deep = [deep]
    const cases: [unknown, string, string?][] = [
      ['{"channel": ', 'invalid_json'],
      ['[1,2]', 'json_not_object'],
      [{ channel: ctx.world.ch.plaza, text: deep }, 'invalid_json'],
      [{ channel: 12, text: 'x' }, 'invalid_arguments'],
      [{ channel: ctx.world.ch.plaza, text: { evil: true } }, 'invalid_arguments'],
      [{ channel: ctx.world.ch.plaza, text: 'x', thread_ts: 1.5 }, 'invalid_arguments'],
      [{ channel: ctx.world.ch.plaza, text: 'x', thread_ts: 'yesterday' }, 'invalid_arguments'],
      [
        { channel: ctx.world.ch.plaza, text: 'x', thread_ts: '1000000000.000001' },
        'thread_not_found',
      ],
      [{ channel: ctx.world.ch.plaza, text: 'x', reply_broadcast: 'maybe' }, 'invalid_arguments'],
      [{ channel: ctx.world.ch.plaza }, 'no_text'],
      [{ channel: ctx.world.ch.plaza, text: '' }, 'no_text'],
      [{ channel: ctx.world.ch.plaza, text: 'x'.repeat(40001) }, 'msg_too_long'],
      [{ channel: ctx.world.ch.plaza, text: 'y'.repeat(300_000) }, 'invalid_arguments'],
      [{ channel: ctx.world.ch.plaza, text: '<script>alert(1)</script>' }, 'invalid_arguments'],
      [{ channel: ctx.world.ch.plaza, blocks: [{ type: 'section' }] }, 'invalid_blocks'],
      [{ text: 'x' }, 'channel_not_found'],
    ]
    for (const [body, error] of cases) {
      const answer = await ctx.call('chat.postMessage', body, ctx.bot.token)
      expect({
        body: String(JSON.stringify(body)).slice(0, 80),
        status: answer.status,
        error: answer.body.error,
      }).toEqual({
        body: String(JSON.stringify(body)).slice(0, 80),
        status: 200,
        error,
      })
      expect(answer.body.ok).toBe(false)
    }
    const wrongType = await ctx.call('chat.postMessage', 'channel=x', ctx.bot.token, 'text/xml')
    expect(wrongType.body).toMatchObject({ ok: false, error: 'invalid_post_type' })
    const badForm = await ctx.call(
      'chat.postMessage',
      'channel=%zz',
      ctx.bot.token,
      'application/x-www-form-urlencoded'
    )
    expect(badForm.body).toMatchObject({ ok: false, error: 'invalid_form_data' })
    const arrayArg = await ctx.call(
      'chat.postMessage',
      'channel[0]=x',
      ctx.bot.token,
      'application/x-www-form-urlencoded'
    )
    expect(arrayArg.body).toMatchObject({ ok: false, error: 'invalid_array_arg' })
    const badLimit = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, limit: 'ten' },
      ctx.bot.token
    )
    expect(badLimit.body).toMatchObject({ ok: false, error: 'invalid_arguments' })
    expect(await ctx.countIn(ctx.world.ch.plaza)).toBe(before)
  })

  it('answers unknown_method with HTTP 200, as Slack does (its SDKs retry other statuses)', async () => {
    for (const method of ['users.list', 'constructor', '__proto__', 'chat.postMessage/x']) {
      const answer = await ctx.call(method, {}, ctx.bot.token)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ ok: false, error: 'unknown_method' })
    }
    expect((await ctx.call('users.list', {}, ctx.bot.token)).body).toEqual({
      ok: false,
      error: 'unknown_method',
      req_method: 'users.list',
    })
  })
})

describe("authenticate_bot's refusals", () => {
  it('carry a Chorus code each, which the function answers as Slack does', async () => {
    const refusal = (token: string) =>
      ctx.stack.sql`select outcome from public.authenticate_bot(${token})`.then(
        () => null,
        (e: { code?: string; detail?: string; hint?: string }) => ({
          code: e.code,
          detail: e.detail,
          hint: e.hint,
        })
      )
    const answer = async (token: string) => {
      const { status, body, headers } = await ctx.call('auth.test', {}, token)
      return { status, body, retryAfter: headers.get('retry-after') }
    }
    for (const token of ['xoxb-nope', `xoxb-${'0'.repeat(64)}`]) {
      expect(await refusal(token)).toMatchObject({ code: '42501', detail: 'bot_token_invalid' })
      expect(await answer(token)).toEqual({
        status: 200,
        body: { ok: false, error: 'invalid_auth' },
        retryAfter: null,
      })
    }

    // An empty bucket (nothing refills in these tests): the wait in the hint, the bucket as it was.
    const b = await ctx.createBot(ctx.world.people.admin, 'Spent')
    await ctx.stack.sql`update public.bots set tokens = 0.5 where id = ${b.id}`
    const bucket = () =>
      ctx.stack.sql`select tokens, tokens_at, last_used_at from public.bots where id = ${b.id}`
    const before = await bucket()
    const limited = await refusal(b.token)
    expect(limited).toMatchObject({ code: 'PT429', detail: 'rate_limited' })
    expect(JSON.parse(limited!.hint!)).toEqual({ retry_after: 60 })
    expect(await answer(b.token)).toEqual({
      status: 429,
      body: { ok: false, error: 'ratelimited' },
      retryAfter: '60',
    })
    expect(await bucket()).toEqual(before)

    await ctx.stack.sql`update public.bots set tokens = 1000 where id = ${b.id}`
    await asRole(
      ctx.stack.sql,
      ctx.world.people.admin,
      (tx) => tx`select public.remove_member(${ctx.world.ws}, ${b.id})`
    )
    expect(await refusal(b.token)).toMatchObject({ code: '42501', detail: 'not_workspace_member' })
    expect((await answer(b.token)).body).toEqual({ ok: false, error: 'account_inactive' })
    await asRole(
      ctx.stack.sql,
      ctx.world.people.admin,
      (tx) => tx`select public.revoke_bot(${b.id})`
    )
    expect(await refusal(b.token)).toMatchObject({ code: '22023', detail: 'bot_revoked' })
    expect((await answer(b.token)).body).toEqual({ ok: false, error: 'token_revoked' })
  })
})
