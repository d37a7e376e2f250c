// Bots' Web API on the real stack: real HTTP calls of Slack's methods reach the `slack-api` Edge
// Function with the bot's token, and what it writes is read back as a channel member reads it.
// Each method's success and its own refusals (a person's message, a bad cursor or emoji).
// Channels the bot is not in and bad bodies: bots-api-refusals.test.ts; accounts and tokens:
// bots.test.ts.
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
