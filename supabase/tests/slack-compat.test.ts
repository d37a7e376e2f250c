// An app written for Slack, unchanged, against Chorus (issue 45, items 4 and 5), end to end on
// the real stack: real HTTP to the `webhooks` and `slack-api` functions, events delivered by
// `events-deliver` to a local receiver (support/events-kit.ts). A block quote and a lone ">" post
// and show as Slack shows them; a bot's own message reaches subscribers with Slack's `bot_id`
// and the `user` auth.test names, so Bolt's ignoreSelf skips it; a webhook's message is Slack's
// `bot_message` in events and in conversations.history; reaction_added names the emoji as Slack
// does; chat.postMessage takes a channel's name.
import { describe, expect, it } from 'vitest'
import { Lexer } from 'marked'
import { eventsHarness } from './support/events-kit.ts'
import { makeIncomingHook } from './support/webhooks.ts'
import { asRole, asUser, makeMessage } from './support/world.ts'

const h = eventsHarness()

type Json = Record<string, unknown>

const createHook = (name = 'CI Builds') =>
  makeIncomingHook(h.stack, h.world.people.admin, h.world.ch.plaza, name)

async function postTo(url: string, payload: Json) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  })
  return { status: response.status, text: await response.text() }
}

async function createBot(name: string) {
  const [row] = await asRole(
    h.stack.sql,
    h.world.people.admin,
    (tx) => tx<{ id: string; token: string }[]>`
      select * from public.create_bot(${h.world.ws}, ${name})`
  )
  await asRole(
    h.stack.sql,
    h.world.people.admin,
    (tx) => tx`select public.add_channel_members(${h.world.ch.plaza}, ${[row!.id]})`
  )
  return row!
}

async function api(method: string, args: Json, token: string): Promise<Json> {
  const response = await fetch(`${h.stack.url}/functions/v1/slack-api/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(args),
  })
  return (await response.json()) as Json
}

const newestBody = async () =>
  (
    await h.stack.sql<{ body: string }[]>`
      select body from public.messages where channel_id = ${h.world.ch.plaza}
      order by seq desc limit 1`
  )[0]!.body

/** Bolt's ignoreSelf middleware (@slack/bolt, src/middleware/builtin.ts), as it decides. */
function boltIgnoresSelf(event: Json, context: { botId: string; botUserId: string }): boolean {
  if (event.type === 'message' && event.subtype === 'bot_message' && event.bot_id === context.botId)
    return true
  const kept = ['member_joined_channel', 'member_left_channel']
  return event.user === context.botUserId && !kept.includes(String(event.type))
}

/** The events the subscription was sent, after one delivery run. */
async function delivered(sub: { url: string }): Promise<Json[]> {
  expect(await h.callFunction({})).toMatchObject({ status: 200 })
  return h.requestsTo(sub).map((r) => r.json.event as Json)
}

describe("Slack's quotes and a lone >, through an incoming webhook", () => {
  it('posts a block quote, as > or &gt;, and shows it as a quote', async () => {
    const hook = await createHook()
    for (const [text, body] of [
      ['> quoted\n> second', '> quoted\n> second'],
      ['&gt; escaped *quote*\nthen text', '> escaped **quote**\n\nthen text'],
      ['>>> all\nof this', '> all\n> of this'],
    ]) {
      expect(await postTo(hook.url, { text: text! }), text).toEqual({ status: 200, text: 'ok' })
      expect(await newestBody()).toBe(body)
      // the app reads markdown with marked's lexer: a quote block
      expect(Lexer.lex(body!).map((t) => t.type)).toEqual(
        body!.includes('then text') ? ['blockquote', 'space', 'paragraph'] : ['blockquote']
      )
    }
  })

  it('posts a lone > or < as text', async () => {
    const hook = await createHook()
    expect(await postTo(hook.url, { text: 'CPU > 90% & load < 2' })).toEqual({
      status: 200,
      text: 'ok',
    })
    expect(await newestBody()).toBe('CPU \\> 90% & load \\< 2')
    // one paragraph whose text, as the app shows it, is what was sent
    const tokens = Lexer.lex(await newestBody()) as { type: string; tokens: { text: string }[] }[]
    expect(tokens.map((t) => t.type)).toEqual(['paragraph'])
    expect(tokens[0]!.tokens.map((t) => t.text).join('')).toBe('CPU > 90% & load < 2')
    // HTML is still refused, nothing stored
    const before = await newestBody()
    expect(await postTo(hook.url, { text: 'a <b>bold</b> claim' })).toMatchObject({
      status: 400,
      text: 'invalid_payload',
    })
    expect(await newestBody()).toBe(before)
  })
})

describe("a bot's own messages, as Slack sends an app's", () => {
  it('auth.test names the bot; its message event carries that user and bot_id, so Bolt skips it', async () => {
    const bot = await createBot('Echo Bot')
    const sub = await h.verified(h.world.people.admin, 'ok', ['message'])
    const posted = await api(
      'chat.postMessage',
      { channel: h.world.ch.plaza, text: 'echo' },
      bot.token
    )
    expect(posted).toMatchObject({ ok: true, channel: h.world.ch.plaza })
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'a person')
    const events = await delivered(sub)
    const own = events.find((e) => e.text === 'echo')!
    expect(own).toMatchObject({
      type: 'message',
      user: bot.id,
      bot_id: bot.id,
      app_id: bot.id,
      bot_profile: { id: bot.id, name: 'Echo Bot', deleted: false, team_id: h.world.ws },
      ts: posted.ts,
    })
    expect(own).not.toHaveProperty('subtype')
    const theirs = events.find((e) => e.text === 'a person')!
    expect(theirs).not.toHaveProperty('bot_id')

    // Bolt asks auth.test who it is at start, and skips the events of that user or bot
    const auth = await api('auth.test', {}, bot.token)
    expect(auth).toMatchObject({
      ok: true,
      user_id: bot.id,
      bot_id: bot.id,
      team_id: h.world.ws,
      user: 'Echo Bot',
      is_enterprise_install: false,
    })
    const context = { botId: String(auth.bot_id), botUserId: String(auth.user_id) }
    expect(boltIgnoresSelf(own, context)).toBe(true)
    expect(boltIgnoresSelf(theirs, context)).toBe(false)

    // conversations.history shows the bot's message the same way
    const history = await api('conversations.history', { channel: h.world.ch.plaza }, bot.token)
    const mine = (history.messages as Json[]).find((m) => m.ts === posted.ts)
    expect(mine).toMatchObject({ user: bot.id, bot_id: bot.id, app_id: bot.id })
  })

  it('chat.postMessage takes #name or name, and only a channel the bot can see', async () => {
    const bot = await createBot('Name Bot')
    for (const channel of ['plaza', '#PLAZA']) {
      expect(await api('chat.postMessage', { channel, text: 'by name' }, bot.token)).toMatchObject({
        ok: true,
        channel: h.world.ch.plaza,
      })
    }
    for (const channel of ['#nowhere', '#quiet', '#']) {
      expect(await api('chat.postMessage', { channel, text: 'x' }, bot.token)).toMatchObject({
        ok: false,
        error: 'channel_not_found',
      })
    }
    // a public channel it was not added to: Slack's not_in_channel
    expect(await api('chat.postMessage', { channel: '#general', text: 'x' }, bot.token)).toEqual(
      expect.objectContaining({ ok: false, error: 'not_in_channel' })
    )
  })
})

describe("a webhook's message, as Slack's bot_message", () => {
  it('in its event and in conversations.history: no user, bot_id, username, icons', async () => {
    const hook = await createHook('Alerts')
    const bot = await createBot('Reader Bot')
    const sub = await h.verified(h.world.people.admin, 'ok', ['message'])
    expect(await postTo(hook.url, { text: 'disk full', username: 'pager' })).toMatchObject({
      status: 200,
    })
    expect(await postTo(hook.url, { text: 'as itself' })).toMatchObject({ status: 200 })
    const events = await delivered(sub)
    const shape = (username: string) => ({
      type: 'message',
      subtype: 'bot_message',
      bot_id: hook.id,
      username,
      icons: { emoji: ':robot_face:' },
    })
    const full = events.find((e) => e.text === 'disk full')!
    expect(full).toMatchObject(shape('pager'))
    expect(full).not.toHaveProperty('user')
    expect(events.find((e) => e.text === 'as itself')).toMatchObject(shape('Alerts'))

    const history = await api('conversations.history', { channel: h.world.ch.plaza }, bot.token)
    const listed = (history.messages as Json[]).find((m) => m.text === 'disk full')!
    expect(listed).toMatchObject({ ...shape('pager'), ts: full.ts })
    expect(listed).not.toHaveProperty('user')
  })
})

describe('reactions named as Slack names them', () => {
  it("reaction_added gives Slack's name, skin tone too; reactions.add takes them", async () => {
    const bot = await createBot('React Bot')
    const sub = await h.verified(h.world.people.admin, 'ok', ['reaction_added'])
    const target = await makeMessage(
      h.stack.sql,
      h.world.people.member,
      h.world.ch.plaza,
      'ship it'
    )
    for (const emoji of ['👍', '👍🏽', '❤️', '🎉']) {
      await asUser(
        h.stack.sql,
        h.world.people.admin,
        (tx) => tx`select public.set_reaction(${target}, ${emoji}, true)`
      )
    }
    expect((await delivered(sub)).map((e) => e.reaction).sort()).toEqual([
      '+1',
      '+1::skin-tone-4',
      'heart',
      'tada',
    ])
    const [row] = await h.stack.sql<{ ts: string }[]>`
      select private.slack_ts(created_at) as ts from public.messages where id = ${target}`
    expect(
      await api(
        'reactions.add',
        { channel: h.world.ch.plaza, timestamp: row!.ts, name: 'thumbsup::skin-tone-3' },
        bot.token
      )
    ).toEqual({ ok: true })
    const events = await delivered(sub)
    expect(events.filter((e) => e.user === bot.id).map((e) => e.reaction)).toEqual([
      '+1::skin-tone-3',
    ])
    const [stored] = await h.stack.sql<{ emoji: string }[]>`
      select emoji from public.reactions where message_id = ${target} and user_id = ${bot.id}`
    expect(stored!.emoji).toBe('👍🏼')
  })
})
