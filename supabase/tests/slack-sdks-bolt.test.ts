// A Bolt App, unchanged, on Chorus's outgoing events: on its own HTTP receiver (a free loopback
// port) subscribed to the events `events-deliver` sends, it verifies the URL, gets a person's
// message and answers with say(), skips its own reply (ignoreSelf), and gets reaction_added with
// Slack's name. Real HTTP all the way, on the real stack (support/events-kit.ts: loopback allowed,
// the cron job paused, the tests call events-deliver themselves; support/slack-sdks-kit.ts's
// set-up). The webhook SDK and WebClient: slack-sdks.test.ts. Versions: supabase/package.json.
import { App, LogLevel } from '@slack/bolt'
import type { SlackEventMiddlewareArgs } from '@slack/bolt'
import { describe, expect, it } from 'vitest'
import { freePort, until, useSlackSdks } from './support/slack-sdks-kit.ts'
import { asRole, asUser, makeMessage } from './support/world.ts'

const t = useSlackSdks()
const { h, slackApiUrl, createBot, tsOfMessage } = t

describe("a Bolt app on Chorus's outgoing events", () => {
  it("gets a person's message, replies with say(), ignores its own reply; gets reaction_added", async () => {
    const bot = await createBot('Bolt Bot')
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/slack/events`
    const [sub] = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) => tx<{ id: string; secret: string }[]>`
        select * from public.create_event_subscription(${h.world.ws}, ${url},
          ${['message', 'reaction_added']}, ${[] as string[]})`
    )
    const app = new App({
      token: bot.token,
      signingSecret: sub!.secret,
      clientOptions: { slackApiUrl: slackApiUrl(), retryConfig: { retries: 0 } },
      logLevel: LogLevel.ERROR,
      // Bolt acknowledges an event only once its listeners are done: when events-deliver has
      // its answer, the app has handled (or skipped) the event, so the count below is final.
      processBeforeResponse: true,
    })
    const heard: { text: string | undefined; user: string | undefined }[] = []
    const who: { botId: string | undefined; botUserId: string | undefined }[] = []
    const reactions: SlackEventMiddlewareArgs<'reaction_added'>['event'][] = []
    app.message(async ({ message, say, context }) => {
      const m = message as { text?: string; user?: string }
      heard.push({ text: m.text, user: m.user })
      who.push({ botId: context.botId, botUserId: context.botUserId })
      await say(`echo: ${m.text}`)
    })
    app.event('reaction_added', async ({ event }) => {
      reactions.push(event)
    })
    await app.start({ port, host: '127.0.0.1' })
    try {
      // Bolt's receiver answers Chorus's signed url_verification challenge
      expect((await h.verify(sub!)).json).toEqual({ verified: true })

      const said = await makeMessage(
        h.stack.sql,
        h.world.people.member,
        h.world.ch.plaza,
        'hello bolt'
      )
      expect((await h.callFunction({})).json).toMatchObject({ delivered: 1, failed: 0 })
      expect(heard).toEqual([{ text: 'hello bolt', user: h.world.people.member.id }])
      // who the app is, as Bolt learnt it from auth.test: what its ignoreSelf compares with
      expect(who).toEqual([{ botId: bot.id, botUserId: bot.id }])
      const reply = await until('the reply', async () => {
        const [row] = await h.stack.sql<{ id: string; body: string }[]>`
          select id, body from public.messages
          where channel_id = ${h.world.ch.plaza} and author_id = ${bot.id}`
        return row
      })
      expect(reply.body).toBe('echo: hello bolt')

      // the reply's own event reaches the app, which skips it (ignoreSelf: auth.test's user_id)
      expect((await h.callFunction({})).json).toMatchObject({ delivered: 1, failed: 0 })
      const deliveries = await h.deliveriesOf(sub!)
      expect(deliveries.map((d) => [d.event_type, d.status, d.last_status_code])).toEqual([
        ['message', 'delivered', 200],
        ['message', 'delivered', 200],
      ])
      expect(deliveries[1]!.payload).toMatchObject({ text: 'echo: hello bolt', user: bot.id })
      expect(heard).toHaveLength(1)
      expect(
        await h.stack.sql`
        select id from public.messages where author_id = ${bot.id}`
      ).toHaveLength(1)

      // a person's reaction reaches app.event('reaction_added') with Slack's name
      await asUser(
        h.stack.sql,
        h.world.people.admin,
        (tx) => tx`select public.set_reaction(${said}, '👍', true)`
      )
      expect((await h.callFunction({})).json).toMatchObject({ delivered: 1, failed: 0 })
      expect(reactions).toEqual([
        expect.objectContaining({
          type: 'reaction_added',
          user: h.world.people.admin.id,
          reaction: '+1',
          item_user: h.world.people.member.id,
          item: { type: 'message', channel: h.world.ch.plaza, ts: await tsOfMessage(said) },
        }),
      ])
      // the bot's own reaction (through Bolt's client) is delivered and skipped as its own
      await app.client.reactions.add({
        token: bot.token,
        channel: h.world.ch.plaza,
        timestamp: await tsOfMessage(said),
        name: 'tada',
      })
      expect((await h.callFunction({})).json).toMatchObject({ delivered: 1, failed: 0 })
      expect(reactions).toHaveLength(1)
      expect(heard).toHaveLength(1)
    } finally {
      await app.stop()
    }
  })
})
