// Bots end to end on the real stack: an admin makes one with the RPC and adds it to a channel as
// a person is added; real HTTP calls of Slack's Web API methods reach the `slack-api` Edge
// Function with the bot's token, and what it writes is read back as a channel member reads it.
// Each method's success and Slack's refusals; nothing of a channel the bot is not in readable;
// the token kept only as a hash; regenerate and revoke at once; bad bodies; the rate limit.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld, makeMessage } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

interface Bot {
  id: string
  token: string
}

type Answer = { status: number; body: Record<string, unknown>; headers: Headers }

async function createBot(person: Person, name = 'Deploy Bot', ws = world.ws): Promise<Bot> {
  const [row] = await asRole(
    stack.sql,
    person,
    (tx) => tx<{ id: string; token: string }[]>`
      select * from public.create_bot(${ws}, ${name})`
  )
  return { id: row!.id, token: row!.token }
}

async function addToChannel(bot: Bot, channel: string, by = world.people.admin) {
  await asRole(
    stack.sql,
    by,
    (tx) => tx`select public.add_channel_members(${channel}, ${[bot.id]})`
  )
}

async function call(
  method: string,
  args: unknown,
  token: string | null,
  contentType = 'application/json'
): Promise<Answer> {
  const response = await fetch(`${stack.url}/functions/v1/slack-api/${method}`, {
    method: 'POST',
    headers: {
      'Content-Type': contentType,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: typeof args === 'string' ? args : JSON.stringify(args),
  })
  const text = await response.text()
  return { status: response.status, body: JSON.parse(text), headers: response.headers }
}

const countIn = async (channel: string) =>
  Number(
    (
      await stack.sql<{ n: string }[]>`
        select count(*) as n from public.messages where channel_id = ${channel}`
    )[0]!.n
  )

let bot: Bot

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  // No refill during a test: the limit is counted, not timed; the bots made here get a big burst.
  await stack.sql`update private.integration_config set value = 0 where name = 'bot_per_second'`
  await stack.sql`update private.integration_config set value = 1000 where name = 'bot_burst'`
  bot = await createBot(world.people.admin)
  await addToChannel(bot, world.ch.plaza)
})

afterAll(async () => {
  await stack?.stop()
})

describe('creating a bot', () => {
  it('makes an account nobody signs in to, a workspace member marked as a bot', async () => {
    expect(bot.token).toMatch(/^xoxb-[0-9a-f]{64}$/)
    const [user] = await stack.sql<{ email: string | null; encrypted_password: string | null }[]>`
      select email, encrypted_password from auth.users where id = ${bot.id}`
    expect(user).toEqual({ email: null, encrypted_password: null })
    const [profile] = await stack.sql<{ display_name: string; is_bot: boolean }[]>`
      select display_name, is_bot from public.profiles where id = ${bot.id}`
    expect(profile).toEqual({ display_name: 'Deploy Bot', is_bot: true })
    const [member] = await stack.sql<{ role: string }[]>`
      select role from public.workspace_members where user_id = ${bot.id} and workspace_id = ${world.ws}`
    expect(member!.role).toBe('member')
    // a co-worker sees that it is a bot
    const seen = await asRole(
      stack.sql,
      world.people.member2,
      (tx) => tx<{ is_bot: boolean }[]>`select is_bot from public.profiles where id = ${bot.id}`
    )
    expect(seen).toEqual([{ is_bot: true }])
  })

  it('keeps only the hash of the token, which nobody can read back', async () => {
    const [stored] = await stack.sql<{ token_hash: Buffer }[]>`
      select token_hash from public.bots where id = ${bot.id}`
    expect(stored!.token_hash).toHaveLength(32)
    const hex = Buffer.from(bot.token).toString('hex')
    const everything = await stack.sql<{ row: string }[]>`
      select (b.*)::text as row from public.bots b where b.id = ${bot.id}`
    expect(everything[0]!.row).not.toContain(bot.token.slice(5))
    expect(stored!.token_hash.toString('hex')).not.toContain(hex.slice(10, 40))
    const refused = await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx`select token_hash from public.bots`
    ).then(
      () => 'read',
      (e: { code?: string }) => e.code
    )
    expect(refused).toBe('42501')
  })

  it('is never queued a notification email (it has no address)', async () => {
    const id = await makeMessage(
      stack.sql,
      world.people.member,
      world.ch.plaza,
      `<@${bot.id}> and <@${world.people.admin.id}>, deploy please`
    )
    const [message] = await stack.sql<{ mentions: string[] }[]>`
      select mentions from public.messages where id = ${id}`
    expect([...message!.mentions].sort()).toEqual([bot.id, world.people.admin.id].sort())
    const queued = await stack.sql<{ user_id: string }[]>`
      select user_id from private.email_queue where message_id = ${id}`
    expect(queued.map((q) => q.user_id)).toEqual([world.people.admin.id])
  })

  it('is for owners and admins only', async () => {
    const refusal = (person: Person, ws: string) =>
      createBot(person, 'x', ws).then(
        () => 'made',
        (e: { code?: string; message?: string }) => `${e.code} ${e.message}`
      )
    const denied = '42501 Only a workspace owner or admin can manage integrations.'
    expect(await refusal(world.people.member, world.ws)).toBe(denied)
    expect(await refusal(world.people.outsider, world.ws)).toBe(denied)
    expect(await refusal(world.people.admin, world.ws2)).toBe(denied)
    expect(await refusal(world.people.owner, world.ws).then((r) => r)).toBe('made')
  })
})

describe('the Web API', () => {
  it('posts a message as the bot, read back by a channel member', async () => {
    const answer = await call(
      'chat.postMessage',
      { channel: world.ch.plaza, text: 'Deployed *v2*' },
      bot.token
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ ok: true, channel: world.ch.plaza })
    const ts = answer.body.ts as string
    expect(ts).toMatch(/^\d{10}\.\d{6}$/)
    expect(answer.body.message).toMatchObject({
      type: 'message',
      user: bot.id,
      ts,
      text: 'Deployed **v2**',
    })
    const [read] = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx<{ author_id: string; body: string }[]>`
        select author_id, body from public.messages where channel_id = ${world.ch.plaza}
        order by seq desc limit 1`
    )
    expect(read).toEqual({ author_id: bot.id, body: 'Deployed **v2**' })
  })

  it('takes a form with the token as a field, and blocks as JSON text', async () => {
    const form = new URLSearchParams({
      token: bot.token,
      channel: world.ch.plaza,
      text: 'fallback',
      blocks: JSON.stringify([
        { type: 'section', text: { type: 'mrkdwn', text: 'from *blocks*' } },
      ]),
    })
    const answer = await call(
      'chat.postMessage',
      form.toString(),
      null,
      'application/x-www-form-urlencoded'
    )
    expect(answer.body).toMatchObject({ ok: true, message: { text: 'from **blocks**' } })
  })

  it("replies in a thread and reacts to a person's message; replies lists the thread", async () => {
    const parentId = await makeMessage(stack.sql, world.people.member, world.ch.plaza, 'question?')
    const history = await call(
      'conversations.history',
      { channel: world.ch.plaza, limit: 1 },
      bot.token
    )
    const parent = (history.body.messages as { ts: string; user: string }[])[0]!
    expect(parent.user).toBe(world.people.member.id)
    const reply = await call(
      'chat.postMessage',
      { channel: world.ch.plaza, text: 'answer', thread_ts: parent.ts },
      bot.token
    )
    expect(reply.body).toMatchObject({ ok: true, message: { thread_ts: parent.ts } })
    const [stored] = await stack.sql<{ parent_id: string; in_channel: boolean }[]>`
      select parent_id, in_channel from public.messages where author_id = ${bot.id}
      order by created_at desc limit 1`
    expect(stored).toEqual({ parent_id: parentId, in_channel: false })

    const react = () =>
      call(
        'reactions.add',
        { channel: world.ch.plaza, timestamp: parent.ts, name: 'thumbsup' },
        bot.token
      )
    expect((await react()).body).toEqual({ ok: true })
    // stored as the emoji a person picks, so it shows as theirs do
    const [reaction] = await stack.sql<{ emoji: string }[]>`
      select emoji from public.reactions where message_id = ${parentId} and user_id = ${bot.id}`
    expect(reaction!.emoji).toBe('👍')
    expect((await react()).body).toMatchObject({ ok: false, error: 'already_reacted' })
    const bad = await call(
      'reactions.add',
      { channel: world.ch.plaza, timestamp: parent.ts, name: 'not an emoji' },
      bot.token
    )
    expect(bad.body).toMatchObject({ ok: false, error: 'invalid_name' })

    const replies = await call(
      'conversations.replies',
      { channel: world.ch.plaza, ts: parent.ts },
      bot.token
    )
    expect(replies.body).toMatchObject({ ok: true, has_more: false })
    const messages = replies.body.messages as Record<string, unknown>[]
    expect(messages.map((m) => m.text)).toEqual(['question?', 'answer'])
    expect(messages[0]).toMatchObject({
      ts: parent.ts,
      thread_ts: parent.ts,
      reply_count: 1,
      reactions: [{ name: '+1', users: [bot.id], count: 1 }],
    })
    // the reply's ts names the reply too
    const replyTs = reply.body.ts as string
    const viaReply = await call(
      'conversations.replies',
      { channel: world.ch.plaza, ts: replyTs },
      bot.token
    )
    expect((viaReply.body.messages as unknown[]).length).toBe(2)
  })

  it('pages the history as Slack does: newest first, limit, cursor, latest and oldest', async () => {
    const posted: string[] = []
    for (const text of ['one', 'two', 'three']) {
      const answer = await call('chat.postMessage', { channel: world.ch.plaza, text }, bot.token)
      posted.push(answer.body.ts as string)
    }
    const first = await call(
      'conversations.history',
      { channel: world.ch.plaza, limit: 2 },
      bot.token
    )
    expect((first.body.messages as { text: string }[]).map((m) => m.text)).toEqual(['three', 'two'])
    expect(first.body.has_more).toBe(true)
    const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor
    expect(cursor).not.toBe('')
    const second = await call(
      'conversations.history',
      { channel: world.ch.plaza, limit: 1, cursor },
      bot.token
    )
    expect((second.body.messages as { text: string }[]).map((m) => m.text)).toEqual(['one'])
    const between = await call(
      'conversations.history',
      { channel: world.ch.plaza, oldest: posted[0], latest: posted[2], inclusive: true },
      bot.token
    )
    expect((between.body.messages as { text: string }[]).map((m) => m.text)).toEqual([
      'three',
      'two',
      'one',
    ])
    const exclusive = await call(
      'conversations.history',
      { channel: world.ch.plaza, oldest: posted[0], latest: posted[2] },
      bot.token
    )
    expect((exclusive.body.messages as { text: string }[]).map((m) => m.text)).toEqual(['two'])
    expect(exclusive.body).toMatchObject({
      has_more: false,
      response_metadata: { next_cursor: '' },
    })
    const badCursor = await call(
      'conversations.history',
      { channel: world.ch.plaza, cursor: 'zzz' },
      bot.token
    )
    expect(badCursor.body).toMatchObject({ ok: false, error: 'invalid_cursor' })
  })

  it("updates and deletes its own messages, never a person's", async () => {
    const posted = await call(
      'chat.postMessage',
      { channel: world.ch.plaza, text: 'draft' },
      bot.token
    )
    const ts = posted.body.ts as string
    const updated = await call(
      'chat.update',
      { channel: world.ch.plaza, ts, text: 'final' },
      bot.token
    )
    expect(updated.body).toMatchObject({
      ok: true,
      ts,
      text: 'final',
      message: { edited: { user: bot.id } },
    })

    await makeMessage(stack.sql, world.people.member, world.ch.plaza, 'mine')
    const history = await call(
      'conversations.history',
      { channel: world.ch.plaza, limit: 1 },
      bot.token
    )
    const theirs = (history.body.messages as { ts: string }[])[0]!.ts
    const edit = await call(
      'chat.update',
      { channel: world.ch.plaza, ts: theirs, text: 'hacked' },
      bot.token
    )
    expect(edit.body).toMatchObject({ ok: false, error: 'cant_update_message' })
    const del = await call('chat.delete', { channel: world.ch.plaza, ts: theirs }, bot.token)
    expect(del.body).toMatchObject({ ok: false, error: 'cant_delete_message' })
    const [still] = await stack.sql<{ body: string; deleted_at: Date | null }[]>`
      select body, deleted_at from public.messages
      where channel_id = ${world.ch.plaza} and author_id = ${world.people.member.id}
      order by seq desc limit 1`
    expect(still).toEqual({ body: 'mine', deleted_at: null })

    const gone = await call('chat.delete', { channel: world.ch.plaza, ts }, bot.token)
    expect(gone.body).toEqual({ ok: true, channel: world.ch.plaza, ts })
    const again = await call('chat.delete', { channel: world.ch.plaza, ts }, bot.token)
    expect(again.body).toMatchObject({ ok: false, error: 'message_not_found' })
    const unknown = await call(
      'chat.update',
      { channel: world.ch.plaza, ts: '1000000000.000001', text: 'x' },
      bot.token
    )
    expect(unknown.body).toMatchObject({ ok: false, error: 'message_not_found' })
  })
})

describe('channels the bot is not in', () => {
  it('refuses to write or read them and shows nothing of them', async () => {
    const cases: [string, string][] = [
      [world.ch.general, 'not_in_channel'], // public, the bot not added
      [world.ch.quiet, 'channel_not_found'], // private
      [world.ch.dm, 'channel_not_found'],
      [world.ch.outside, 'channel_not_found'], // another workspace
      ['C0123456', 'channel_not_found'],
    ]
    for (const [channel, error] of cases) {
      const before = UUIDish(channel) ? await countIn(channel) : 0
      for (const [method, args] of [
        ['chat.postMessage', { channel, text: 'hi' }],
        ['conversations.history', { channel }],
        ['conversations.replies', { channel, ts: '1700000000.000001' }],
        ['reactions.add', { channel, timestamp: '1700000000.000001', name: 'tada' }],
      ] as const) {
        const answer = await call(method, args, bot.token)
        expect({ channel, method, body: answer.body }).toEqual({
          channel,
          method,
          body: { ok: false, error },
        })
      }
      if (UUIDish(channel)) expect(await countIn(channel)).toBe(before)
    }
  })

  it('reads nothing in a workspace that requires two-factor sign-in, as a person without one', async () => {
    await stack.sql`update public.workspaces set require_mfa = true where id = ${world.ws}`
    try {
      const answer = await call('conversations.history', { channel: world.ch.plaza }, bot.token)
      expect(answer.body).toEqual({ ok: false, error: 'channel_not_found' })
    } finally {
      await stack.sql`update public.workspaces set require_mfa = false where id = ${world.ws}`
    }
    expect(
      (await call('conversations.history', { channel: world.ch.plaza }, bot.token)).body.ok
    ).toBe(true)
  })

  it('answers is_archived for an archived channel it is in, and stores nothing', async () => {
    const archivedBot = await createBot(world.people.owner, 'Archivist')
    await stack.sql`insert into public.channel_members (channel_id, user_id) values (${world.ch.attic}, ${archivedBot.id})`
    const before = await countIn(world.ch.attic)
    const answer = await call(
      'chat.postMessage',
      { channel: world.ch.attic, text: 'hi' },
      archivedBot.token
    )
    expect(answer.body).toMatchObject({ ok: false, error: 'is_archived' })
    expect(await countIn(world.ch.attic)).toBe(before)
  })
})

const UUIDish = (s: string) => /^[0-9a-f-]{36}$/.test(s)

describe('tokens', () => {
  it('refuses a missing or wrong token', async () => {
    const args = { channel: world.ch.plaza, text: 'x' }
    expect((await call('chat.postMessage', args, null)).body).toEqual({
      ok: false,
      error: 'not_authed',
      response_metadata: { messages: ['[ERROR] No token was sent.'] },
    })
    expect((await call('chat.postMessage', args, 'xoxb-nope')).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
    const forged = `xoxb-${'0'.repeat(64)}`
    expect((await call('chat.postMessage', args, forged)).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
    // a person's access token is not a bot token
    expect((await call('chat.postMessage', args, world.people.admin.token)).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
  })

  it("regenerating replaces the token at once; revoking ends the bot's access at once", async () => {
    const b = await createBot(world.people.admin, 'Rotating')
    await addToChannel(b, world.ch.plaza)
    const args = { channel: world.ch.plaza, text: 'x' }
    expect((await call('chat.postMessage', args, b.token)).body.ok).toBe(true)
    const [{ regenerate_bot_token: fresh }] = (await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx`select public.regenerate_bot_token(${b.id})`
    )) as unknown as [{ regenerate_bot_token: string }]
    expect(fresh).not.toBe(b.token)
    expect((await call('chat.postMessage', args, b.token)).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
    expect((await call('chat.postMessage', args, fresh)).body.ok).toBe(true)
    // a member cannot revoke it
    const denied = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx`select public.revoke_bot(${b.id})`
    ).then(
      () => 'revoked',
      (e: { message?: string }) => e.message
    )
    expect(denied).toBe('Bot not found.')
    await asRole(stack.sql, world.people.admin, (tx) => tx`select public.revoke_bot(${b.id})`)
    const before = await countIn(world.ch.plaza)
    expect((await call('chat.postMessage', args, fresh)).body).toEqual({
      ok: false,
      error: 'token_revoked',
    })
    expect((await call('conversations.history', { channel: world.ch.plaza }, fresh)).body).toEqual({
      ok: false,
      error: 'token_revoked',
    })
    expect(await countIn(world.ch.plaza)).toBe(before)
  })

  it('a bot removed from its workspace is refused (account_inactive)', async () => {
    const b = await createBot(world.people.admin, 'Leaving')
    await addToChannel(b, world.ch.plaza)
    const args = { channel: world.ch.plaza, limit: 1 }
    expect((await call('conversations.history', args, b.token)).body.ok).toBe(true)
    await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx`select public.remove_member(${world.ws}, ${b.id})`
    )
    expect((await call('conversations.history', args, b.token)).body).toEqual({
      ok: false,
      error: 'account_inactive',
    })
  })

  it('lists the bots to admins with their channels and last use', async () => {
    const list = await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx<
        {
          id: string
          name: string
          created_by_name: string
          last_used_at: Date | null
          channels: { id: string }[]
        }[]
      >`
        select * from public.workspace_bots(${world.ws})`
    )
    const mine = list.find((b) => b.id === bot.id)!
    expect(mine).toMatchObject({ name: 'Deploy Bot', created_by_name: 'admin' })
    expect(mine.last_used_at).not.toBeNull()
    expect(mine.channels.map((c) => c.id)).toEqual([world.ch.plaza])
    const asMember = await asRole(
      stack.sql,
      world.people.member,
      (tx) => tx`select * from public.workspace_bots(${world.ws})`
    )
    expect(asMember).toEqual([])
  })
})

describe('bad calls', () => {
  it("answers Slack's errors, never a 500, and stores nothing", async () => {
    const before = await countIn(world.ch.plaza)
    let deep: unknown = 'x'
    for (let i = 0; i < 40; i++) deep = [deep]
    const cases: [unknown, string, string?][] = [
      ['{"channel": ', 'invalid_json'],
      ['[1,2]', 'json_not_object'],
      [{ channel: world.ch.plaza, text: deep }, 'invalid_json'],
      [{ channel: 12, text: 'x' }, 'invalid_arguments'],
      [{ channel: world.ch.plaza, text: { evil: true } }, 'invalid_arguments'],
      [{ channel: world.ch.plaza, text: 'x', thread_ts: 1.5 }, 'invalid_arguments'],
      [{ channel: world.ch.plaza, text: 'x', thread_ts: 'yesterday' }, 'invalid_arguments'],
      [{ channel: world.ch.plaza, text: 'x', thread_ts: '1000000000.000001' }, 'thread_not_found'],
      [{ channel: world.ch.plaza, text: 'x', reply_broadcast: 'maybe' }, 'invalid_arguments'],
      [{ channel: world.ch.plaza }, 'no_text'],
      [{ channel: world.ch.plaza, text: '' }, 'no_text'],
      [{ channel: world.ch.plaza, text: 'x'.repeat(4001) }, 'msg_too_long'],
      [{ channel: world.ch.plaza, text: 'y'.repeat(300_000) }, 'invalid_arguments'],
      [{ channel: world.ch.plaza, text: '<script>alert(1)</script>' }, 'invalid_arguments'],
      [{ channel: world.ch.plaza, blocks: [{ type: 'section' }] }, 'invalid_blocks'],
      [{ text: 'x' }, 'channel_not_found'],
    ]
    for (const [body, error] of cases) {
      const answer = await call('chat.postMessage', body, bot.token)
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
    const wrongType = await call('chat.postMessage', 'channel=x', bot.token, 'text/xml')
    expect(wrongType.body).toMatchObject({ ok: false, error: 'invalid_post_type' })
    const badForm = await call(
      'chat.postMessage',
      'channel=%zz',
      bot.token,
      'application/x-www-form-urlencoded'
    )
    expect(badForm.body).toMatchObject({ ok: false, error: 'invalid_form_data' })
    const arrayArg = await call(
      'chat.postMessage',
      'channel[0]=x',
      bot.token,
      'application/x-www-form-urlencoded'
    )
    expect(arrayArg.body).toMatchObject({ ok: false, error: 'invalid_array_arg' })
    const badLimit = await call(
      'conversations.history',
      { channel: world.ch.plaza, limit: 'ten' },
      bot.token
    )
    expect(badLimit.body).toMatchObject({ ok: false, error: 'invalid_arguments' })
    expect(await countIn(world.ch.plaza)).toBe(before)
  })

  it('answers unknown_method with 404', async () => {
    for (const method of ['users.list', 'constructor', '__proto__', 'chat.postMessage/x']) {
      const answer = await call(method, {}, bot.token)
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ ok: false, error: 'unknown_method' })
    }
  })
})

describe('the rate limit', () => {
  it('answers ratelimited with 429 and Retry-After once the burst is spent', async () => {
    await stack.sql`update private.integration_config set value = 3 where name = 'bot_burst'`
    try {
      const b = await createBot(world.people.admin, 'Chatty')
      await addToChannel(b, world.ch.plaza)
      for (let i = 0; i < 3; i++) {
        expect(
          (await call('conversations.history', { channel: world.ch.plaza, limit: 1 }, b.token)).body
            .ok
        ).toBe(true)
      }
      const limited = await call(
        'chat.postMessage',
        { channel: world.ch.plaza, text: 'x' },
        b.token
      )
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({ ok: false, error: 'ratelimited' })
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await stack.sql`update private.integration_config set value = 1000 where name = 'bot_burst'`
    }
  })
})
