// Slack's own SDKs, unchanged, talking to Chorus (the project's rule: Slack compatibility is
// judged by them): @slack/webhook's IncomingWebhook posting to the `webhooks` function, and
// @slack/web-api's WebClient pointed at the `slack-api` function (slackApiUrl, as a Slack app
// points it at a Slack-compatible server). Real HTTP all the way, on the real stack
// (support/events-kit.ts, with support/slack-sdks-kit.ts's set-up). A Bolt App on Chorus's
// outgoing events: slack-sdks-bolt.test.ts. Versions: supabase/package.json's devDependencies.
import { LogLevel } from '@slack/bolt'
import { ErrorCode, WebClient } from '@slack/web-api'
import type { WebAPIPlatformError } from '@slack/web-api'
import { IncomingWebhook } from '@slack/webhook'
import type { IncomingWebhookHTTPError } from '@slack/webhook'
import { describe, expect, it } from 'vitest'
import { refusal, TS, useSlackSdks } from './support/slack-sdks-kit.ts'
import { makeMessage } from './support/world.ts'

const t = useSlackSdks()
const { h, slackApiUrl, webClient, createBot, createHook, newest, tsOfMessage } = t

describe("@slack/webhook's IncomingWebhook", () => {
  it("posts mrkdwn text (bold, a quote, a link), gets Slack's `ok`, and it shows in the channel", async () => {
    const hook = await createHook('Deploys')
    const webhook = new IncomingWebhook(hook.url)
    const text = '*Deploy 42* finished\n> x\nSee <https://example.com/runs/42|the run>'
    expect(await webhook.send({ text })).toEqual({ text: 'ok' })
    const shown = await newest()
    expect(shown.author_id).toBeNull()
    expect(shown.body).toBe(
      '**Deploy 42** finished\n> x\n\nSee [the run](<https://example.com/runs/42>)'
    )
    const [integration] = await h.stack.sql`
      select app_name, webhook_id from public.integration_messages where message_id = ${shown.id}`
    expect(integration).toEqual({ app_name: 'Deploys', webhook_id: hook.id })

    // the SDK's defaults (username, icon) go with every send, as Slack takes them
    const styled = new IncomingWebhook(hook.url, { username: 'ci', icon_emoji: ':tada:' })
    expect(await styled.send('plain *text*')).toEqual({ text: 'ok' })
    const plain = await newest()
    expect(plain.body).toBe('plain **text**')
    const [shownAs] = await h.stack.sql`
      select username, icon_emoji from public.integration_messages where message_id = ${plain.id}`
    expect(shownAs).toEqual({ username: 'ci', icon_emoji: ':tada:' })
  })

  it("refusals are the SDK's HTTP error with Slack's status and text", async () => {
    const hook = await createHook('Refused')
    const before = await newest()
    const empty = await refusal<IncomingWebhookHTTPError>(new IncomingWebhook(hook.url).send({}))
    expect(empty).toMatchObject({
      code: 'slack_webhook_http_error',
      statusCode: 400,
      body: 'no_text',
    })
    const wrong = await refusal<IncomingWebhookHTTPError>(
      new IncomingWebhook(hook.url.replace(/\/[^/]+$/, '/not-the-secret')).send('x')
    )
    expect(wrong).toMatchObject({ statusCode: 403, body: 'invalid_token' })
    expect((await newest()).id).toBe(before.id)
  })
})

describe("@slack/web-api's WebClient", () => {
  it("auth.test answers as Slack's does for a bot token", async () => {
    const bot = await createBot('Client Bot')
    const auth = await webClient(bot.token).auth.test()
    expect(auth).toEqual({
      ok: true,
      url: expect.stringMatching(/^https?:\/\/.+\/$/),
      team: expect.any(String),
      user: 'Client Bot',
      team_id: h.world.ws,
      user_id: bot.id,
      bot_id: bot.id,
      is_enterprise_install: false,
      response_metadata: {},
    })
  })

  it('chat.postMessage by channel id and by #name; conversations.history lists them', async () => {
    const bot = await createBot('Poster Bot')
    const client = webClient(bot.token)
    const byId = await client.chat.postMessage({
      channel: h.world.ch.plaza,
      text: '*built* <https://example.com|here>',
    })
    expect(byId).toMatchObject({ ok: true, channel: h.world.ch.plaza })
    expect(byId.ts).toMatch(TS)
    expect(byId.message).toMatchObject({
      type: 'message',
      text: '**built** [here](<https://example.com>)',
      ts: byId.ts,
      user: bot.id,
      bot_id: bot.id,
      app_id: bot.id,
      bot_profile: { id: bot.id, name: 'Poster Bot', team_id: h.world.ws },
    })
    expect((await newest()).body).toBe('**built** [here](<https://example.com>)')

    const byName = await client.chat.postMessage({ channel: '#plaza', text: 'by name' })
    expect(byName).toMatchObject({
      ok: true,
      channel: h.world.ch.plaza,
      message: { text: 'by name' },
    })
    expect(Number(byName.ts)).toBeGreaterThan(Number(byId.ts))

    // blocks, which the SDK sends as JSON text in its form, shown instead of the text
    const blocks = await client.chat.postMessage({
      channel: h.world.ch.plaza,
      text: 'the fallback',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*from* a block' } }],
    })
    expect(blocks.message).toMatchObject({ text: '**from** a block' })

    // a reply in the thread, as Slack apps pass thread_ts
    const reply = await client.chat.postMessage({
      channel: h.world.ch.plaza,
      thread_ts: byId.ts!,
      text: 'in the thread',
    })
    expect(reply.message).toMatchObject({ thread_ts: byId.ts })

    const history = await client.conversations.history({ channel: h.world.ch.plaza, limit: 3 })
    expect(history).toMatchObject({
      ok: true,
      has_more: true,
      response_metadata: { next_cursor: expect.stringMatching(/.+/) },
    })
    expect(history.messages!.map((m) => m.text)).toEqual([
      '**from** a block',
      'by name',
      '**built** [here](<https://example.com>)',
    ])
    expect(history.messages![2]).toMatchObject({
      type: 'message',
      ts: byId.ts,
      user: bot.id,
      bot_id: bot.id,
      thread_ts: byId.ts,
      reply_count: 1,
      reply_users: [bot.id],
      latest_reply: reply.ts,
    })
    // the cursor pages on, as the SDK's own paginate() follows it
    const next = await client.conversations.history({
      channel: h.world.ch.plaza,
      limit: 2,
      cursor: history.response_metadata!.next_cursor!,
    })
    expect(next.messages).toHaveLength(2)
    expect(next.messages!.every((m) => Number(m.ts) < Number(byId.ts))).toBe(true)
    let pages = 0
    for await (const page of client.paginate('conversations.history', {
      channel: h.world.ch.plaza,
      limit: 3,
    })) {
      expect(page.ok).toBe(true)
      pages++
    }
    expect(pages).toBeGreaterThan(1)
  })

  it("chat.update, chat.delete and conversations.replies answer in Slack's shapes", async () => {
    const bot = await createBot('Editing Bot')
    const client = webClient(bot.token)
    const parent = await client.chat.postMessage({ channel: h.world.ch.plaza, text: 'draft' })
    const updated = await client.chat.update({
      channel: h.world.ch.plaza,
      ts: parent.ts!,
      text: '*final*',
    })
    expect(updated).toMatchObject({
      ok: true,
      channel: h.world.ch.plaza,
      ts: parent.ts,
      text: '**final**',
      message: { text: '**final**', edited: { user: bot.id, ts: expect.stringMatching(TS) } },
    })
    const reply = await client.chat.postMessage({
      channel: h.world.ch.plaza,
      thread_ts: parent.ts!,
      text: 'a reply',
    })
    const thread = await client.conversations.replies({ channel: h.world.ch.plaza, ts: reply.ts! })
    expect(thread).toMatchObject({ ok: true, has_more: false })
    expect(thread.messages!.map((m) => [m.ts, m.text, m.thread_ts])).toEqual([
      [parent.ts, '**final**', parent.ts],
      [reply.ts, 'a reply', parent.ts],
    ])
    expect(await client.chat.delete({ channel: h.world.ch.plaza, ts: reply.ts! })).toMatchObject({
      ok: true,
      channel: h.world.ch.plaza,
      ts: reply.ts,
    })
    const gone = await refusal(client.chat.delete({ channel: h.world.ch.plaza, ts: reply.ts! }))
    expect(gone).toMatchObject({
      code: ErrorCode.PlatformError,
      data: { error: 'message_not_found' },
    })
  })

  it("reactions.add takes Slack's names, and history shows them so", async () => {
    const bot = await createBot('Reacting Bot')
    const client = webClient(bot.token)
    const target = await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'ship')
    const timestamp = await tsOfMessage(target)
    expect(
      await client.reactions.add({ channel: h.world.ch.plaza, timestamp, name: 'thumbsup' })
    ).toMatchObject({ ok: true })
    const again = await refusal<WebAPIPlatformError>(
      client.reactions.add({ channel: h.world.ch.plaza, timestamp, name: '+1' })
    )
    expect(again).toMatchObject({
      code: ErrorCode.PlatformError,
      data: { ok: false, error: 'already_reacted' },
    })
    const history = await client.conversations.history({
      channel: h.world.ch.plaza,
      latest: timestamp,
      inclusive: true,
      limit: 1,
    })
    expect(history.messages![0]).toMatchObject({
      ts: timestamp,
      user: h.world.people.member.id,
      reactions: [{ name: '+1', users: [bot.id], count: 1 }],
    })
  })

  it("a bot over its rate limit gets the SDK's rate-limited error with Slack's Retry-After", async () => {
    const bot = await createBot('Hasty Bot')
    await h.stack.sql`update public.bots set tokens = 0, tokens_at = now() where id = ${bot.id}`
    const client = new WebClient(bot.token, {
      slackApiUrl: slackApiUrl(),
      logLevel: LogLevel.ERROR,
      rejectRateLimitedCalls: true,
    })
    const limited = await refusal(client.chat.postMessage({ channel: h.world.ch.plaza, text: 'x' }))
    // no refill in these tests (bot_per_second 0): Chorus says a minute
    expect(limited).toMatchObject({ code: ErrorCode.RateLimitedError, retryAfter: 60 })
  })

  it("errors are the SDK's platform_error with Slack's code", async () => {
    const bot = await createBot('Erring Bot')
    const client = webClient(bot.token)
    const platform = (error: string) => ({
      code: ErrorCode.PlatformError,
      data: expect.objectContaining({ ok: false, error }),
    })
    const nowhere = await refusal(client.chat.postMessage({ channel: '#nowhere', text: 'x' }))
    expect(nowhere).toMatchObject(platform('channel_not_found'))
    const notIn = await refusal(client.chat.postMessage({ channel: h.world.ch.general, text: 'x' }))
    expect(notIn).toMatchObject(platform('not_in_channel'))
    const history = await refusal(
      client.conversations.history({ channel: '00000000-0000-0000-0000-000000000000' })
    )
    expect(history).toMatchObject(platform('channel_not_found'))
    const wrongToken = await refusal(webClient('xoxb-not-a-token').auth.test())
    expect(wrongToken).toMatchObject(platform('invalid_auth'))
    const noToken = await refusal(webClient().auth.test())
    expect(noToken).toMatchObject(platform('not_authed'))
  })

  it('a method Chorus does not have is platform_error unknown_method, not an HTTP error', async () => {
    const bot = await createBot('Curious Bot')
    const client = webClient(bot.token)
    for (const call of [
      () => client.users.list({}),
      () => client.apiCall('no.such.method'),
      () => client.conversations.create({ name: 'x' }),
    ]) {
      expect(await refusal(call())).toMatchObject({
        code: ErrorCode.PlatformError,
        data: { ok: false, error: 'unknown_method' },
      })
    }
    const named = await refusal<WebAPIPlatformError>(client.apiCall('pins.add', {}))
    expect(named.data).toMatchObject({ req_method: 'pins.add' })
  })
})
