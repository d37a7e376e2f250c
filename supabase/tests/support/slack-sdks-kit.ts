// The set-up of the Slack SDK tests (slack-sdks.test.ts, slack-sdks-bolt.test.ts): the
// outgoing events' harness (support/events-kit.ts) with the bots' rate limit counted, not timed;
// the slack-api URL and a WebClient as an app makes one, a bot in channels, an incoming webhook,
// a channel's newest message, a message's Slack ts, the error a call rejected with, a free
// loopback port and waiting for a value.
import { LogLevel } from '@slack/bolt'
import { WebClient } from '@slack/web-api'
import { beforeAll } from 'vitest'
import { eventsHarness } from './events-kit.ts'
import type { EventsHarness } from './events-kit.ts'
import { makeIncomingHook } from './webhooks.ts'
import { asRole } from './world.ts'

/** A Slack timestamp. */
export const TS = /^\d{10}\.\d{6}$/

export interface SlackSdks {
  h: EventsHarness
  slackApiUrl: () => string
  /** A WebClient as an app makes one; no retries, so a wrong answer fails the test at once. */
  webClient: (token?: string) => WebClient
  /** A bot made by the admin, added to the channels (plaza unless said). */
  createBot: (name: string, channels?: string[]) => Promise<{ id: string; token: string }>
  /** An incoming webhook to plaza, made by the admin: its id and URL. */
  createHook: (name: string) => Promise<{ id: string; url: string }>
  newest: (channel?: string) => Promise<{ id: string; body: string; author_id: string | null }>
  tsOfMessage: (id: string) => Promise<string>
}

/** Registers the harness's hooks and the file's beforeAll; the harness is set once they ran. */
export function useSlackSdks(): SlackSdks {
  const h = eventsHarness()
  const t = { h } as SlackSdks
  beforeAll(async () => {
    // the bots' rate limit counted, not timed: no refill, a burst the tests never reach
    await h.stack.sql`update private.integration_config set value = 0 where name = 'bot_per_second'`
    await h.stack.sql`update private.integration_config set value = 1000 where name = 'bot_burst'`
  })

  t.slackApiUrl = () => `${h.stack.url}/functions/v1/slack-api/`

  t.webClient = (token?: string) =>
    new WebClient(token, {
      slackApiUrl: t.slackApiUrl(),
      logLevel: LogLevel.ERROR,
      retryConfig: { retries: 0 },
    })

  t.createBot = async function createBot(name: string, channels = [h.world.ch.plaza]) {
    const [row] = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) => tx<{ id: string; token: string }[]>`
      select * from public.create_bot(${h.world.ws}, ${name})`
    )
    for (const channel of channels) {
      await asRole(
        h.stack.sql,
        h.world.people.admin,
        (tx) => tx`select public.add_channel_members(${channel}, ${[row!.id]})`
      )
    }
    return row!
  }

  t.createHook = (name: string) =>
    makeIncomingHook(h.stack, h.world.people.admin, h.world.ch.plaza, name, ':rocket:')

  t.newest = async (channel = h.world.ch.plaza) =>
    (
      await h.stack.sql<{ id: string; body: string; author_id: string | null }[]>`
      select id, body, author_id from public.messages where channel_id = ${channel}
      order by seq desc limit 1`
    )[0]!

  t.tsOfMessage = async (id: string) =>
    (
      await h.stack.sql<{ ts: string }[]>`
      select private.slack_ts(created_at) as ts from public.messages where id = ${id}`
    )[0]!.ts
  return t
}

/** The error a call rejected with (the test fails if it resolved). */
export async function refusal<T>(call: Promise<unknown>): Promise<T> {
  try {
    await call
  } catch (error) {
    return error as T
  }
  throw new Error('the call was answered ok')
}

/** A port nothing listens on now, on loopback, for the Bolt app to take. */
export { freePort } from '../../../backend/src/http/ports.ts'

export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
