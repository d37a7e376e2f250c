// Bots' Web API on the real stack: real HTTP calls of Slack's methods reach the `slack-api` Edge
// Function with the bot's token, and what it writes is read back as a channel member reads it.
// Each method's success and Slack's refusals; nothing of a channel the bot is not in readable;
// bad bodies never a 500 and nothing stored. Accounts and tokens: bots.test.ts.
import { describe, expect, it } from 'vitest'
import { useBotsStack } from './support/bots.ts'
import { asRole, makeMessage } from './support/world.ts'

const ctx = useBotsStack()

describe('the Web API', () => {
  it('posts a message as the bot, read back by a channel member', async () => {
    const answer = await ctx.call(
      'chat.postMessage',
      { channel: ctx.world.ch.plaza, text: 'Deployed *v2*' },
      ctx.bot.token
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ ok: true, channel: ctx.world.ch.plaza })
    const ts = answer.body.ts as string
    expect(ts).toMatch(/^\d{10}\.\d{6}$/)
    expect(answer.body.message).toMatchObject({
      type: 'message',
      user: ctx.bot.id,
      ts,
      text: 'Deployed **v2**',
    })
    const [read] = await asRole(
      ctx.stack.sql,
      ctx.world.people.member,
      (tx) => tx<{ author_id: string; body: string }[]>`
        select author_id, body from public.messages where channel_id = ${ctx.world.ch.plaza}
        order by seq desc limit 1`
    )
    expect(read).toEqual({ author_id: ctx.bot.id, body: 'Deployed **v2**' })
  })

  it('takes a form with the token as a field, and blocks as JSON text', async () => {
    const form = new URLSearchParams({
      token: ctx.bot.token,
      channel: ctx.world.ch.plaza,
      text: 'fallback',
      blocks: JSON.stringify([
        { type: 'section', text: { type: 'mrkdwn', text: 'from *blocks*' } },
      ]),
    })
    const answer = await ctx.call(
      'chat.postMessage',
      form.toString(),
      null,
      'application/x-www-form-urlencoded'
    )
    expect(answer.body).toMatchObject({ ok: true, message: { text: 'from **blocks**' } })
  })

  it("replies in a thread and reacts to a person's message; replies lists the thread", async () => {
    const parentId = await makeMessage(
      ctx.stack.sql,
      ctx.world.people.member,
      ctx.world.ch.plaza,
      'question?'
    )
    const history = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, limit: 1 },
      ctx.bot.token
    )
    const parent = (history.body.messages as { ts: string; user: string }[])[0]!
    expect(parent.user).toBe(ctx.world.people.member.id)
    const reply = await ctx.call(
      'chat.postMessage',
      { channel: ctx.world.ch.plaza, text: 'answer', thread_ts: parent.ts },
      ctx.bot.token
    )
    expect(reply.body).toMatchObject({ ok: true, message: { thread_ts: parent.ts } })
    const [stored] = await ctx.stack.sql<{ parent_id: string; in_channel: boolean }[]>`
      select parent_id, in_channel from public.messages where author_id = ${ctx.bot.id}
      order by created_at desc limit 1`
    expect(stored).toEqual({ parent_id: parentId, in_channel: false })

    const react = () =>
      ctx.call(
        'reactions.add',
        { channel: ctx.world.ch.plaza, timestamp: parent.ts, name: 'thumbsup' },
        ctx.bot.token
      )
    expect((await react()).body).toEqual({ ok: true })
    // stored as the emoji a person picks, so it shows as theirs do
    const [reaction] = await ctx.stack.sql<{ emoji: string }[]>`
      select emoji from public.reactions where message_id = ${parentId} and user_id = ${ctx.bot.id}`
    expect(reaction!.emoji).toBe('👍')
    expect((await react()).body).toMatchObject({ ok: false, error: 'already_reacted' })
    const bad = await ctx.call(
      'reactions.add',
      { channel: ctx.world.ch.plaza, timestamp: parent.ts, name: 'not an emoji' },
      ctx.bot.token
    )
    expect(bad.body).toMatchObject({ ok: false, error: 'invalid_name' })

    const replies = await ctx.call(
      'conversations.replies',
      { channel: ctx.world.ch.plaza, ts: parent.ts },
      ctx.bot.token
    )
    expect(replies.body).toMatchObject({ ok: true, has_more: false })
    const messages = replies.body.messages as Record<string, unknown>[]
    expect(messages.map((m) => m.text)).toEqual(['question?', 'answer'])
    expect(messages[0]).toMatchObject({
      ts: parent.ts,
      thread_ts: parent.ts,
      reply_count: 1,
      reactions: [{ name: '+1', users: [ctx.bot.id], count: 1 }],
    })
    // the reply's ts names the reply too
    const replyTs = reply.body.ts as string
    const viaReply = await ctx.call(
      'conversations.replies',
      { channel: ctx.world.ch.plaza, ts: replyTs },
      ctx.bot.token
    )
    expect((viaReply.body.messages as unknown[]).length).toBe(2)
  })

  it('pages the history as Slack does: newest first, limit, cursor, latest and oldest', async () => {
    const posted: string[] = []
    for (const text of ['one', 'two', 'three']) {
      const answer = await ctx.call(
        'chat.postMessage',
        { channel: ctx.world.ch.plaza, text },
        ctx.bot.token
      )
      posted.push(answer.body.ts as string)
    }
    const first = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, limit: 2 },
      ctx.bot.token
    )
    expect((first.body.messages as { text: string }[]).map((m) => m.text)).toEqual(['three', 'two'])
    expect(first.body.has_more).toBe(true)
    const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor
    expect(cursor).not.toBe('')
    const second = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, limit: 1, cursor },
      ctx.bot.token
    )
    expect((second.body.messages as { text: string }[]).map((m) => m.text)).toEqual(['one'])
    const between = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, oldest: posted[0], latest: posted[2], inclusive: true },
      ctx.bot.token
    )
    expect((between.body.messages as { text: string }[]).map((m) => m.text)).toEqual([
      'three',
      'two',
      'one',
    ])
    const exclusive = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, oldest: posted[0], latest: posted[2] },
      ctx.bot.token
    )
    expect((exclusive.body.messages as { text: string }[]).map((m) => m.text)).toEqual(['two'])
    expect(exclusive.body).toMatchObject({
      has_more: false,
      response_metadata: { next_cursor: '' },
    })
    const badCursor = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, cursor: 'zzz' },
      ctx.bot.token
    )
    expect(badCursor.body).toMatchObject({ ok: false, error: 'invalid_cursor' })
  })

  it("updates and deletes its own messages, never a person's", async () => {
    const posted = await ctx.call(
      'chat.postMessage',
      { channel: ctx.world.ch.plaza, text: 'draft' },
      ctx.bot.token
    )
    const ts = posted.body.ts as string
    const updated = await ctx.call(
      'chat.update',
      { channel: ctx.world.ch.plaza, ts, text: 'final' },
      ctx.bot.token
    )
    expect(updated.body).toMatchObject({
      ok: true,
      ts,
      text: 'final',
      message: { edited: { user: ctx.bot.id } },
    })

    await makeMessage(ctx.stack.sql, ctx.world.people.member, ctx.world.ch.plaza, 'mine')
    const history = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza, limit: 1 },
      ctx.bot.token
    )
    const theirs = (history.body.messages as { ts: string }[])[0]!.ts
    const edit = await ctx.call(
      'chat.update',
      { channel: ctx.world.ch.plaza, ts: theirs, text: 'hacked' },
      ctx.bot.token
    )
    expect(edit.body).toMatchObject({ ok: false, error: 'cant_update_message' })
    const del = await ctx.call(
      'chat.delete',
      { channel: ctx.world.ch.plaza, ts: theirs },
      ctx.bot.token
    )
    expect(del.body).toMatchObject({ ok: false, error: 'cant_delete_message' })
    const [still] = await ctx.stack.sql<{ body: string; deleted_at: Date | null }[]>`
      select body, deleted_at from public.messages
      where channel_id = ${ctx.world.ch.plaza} and author_id = ${ctx.world.people.member.id}
      order by seq desc limit 1`
    expect(still).toEqual({ body: 'mine', deleted_at: null })

    const gone = await ctx.call('chat.delete', { channel: ctx.world.ch.plaza, ts }, ctx.bot.token)
    expect(gone.body).toEqual({ ok: true, channel: ctx.world.ch.plaza, ts })
    const again = await ctx.call('chat.delete', { channel: ctx.world.ch.plaza, ts }, ctx.bot.token)
    expect(again.body).toMatchObject({ ok: false, error: 'message_not_found' })
    const unknown = await ctx.call(
      'chat.update',
      { channel: ctx.world.ch.plaza, ts: '1000000000.000001', text: 'x' },
      ctx.bot.token
    )
    expect(unknown.body).toMatchObject({ ok: false, error: 'message_not_found' })
  })
})

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
      [{ channel: ctx.world.ch.plaza, text: 'x'.repeat(4001) }, 'msg_too_long'],
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
