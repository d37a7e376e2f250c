// The bots' tests' shared set-up (bots.test.ts, bots-api*.test.ts): a stack with the matrix's
// world, the rate limit's refill off (counted, not timed), one bot made by the admin and added to
// plaza; helpers to make more, add them to channels, call the `slack-api` function over real
// HTTP and count a channel's messages as the superuser.
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { asRole, buildWorld } from './world.ts'
import type { Person, World } from './world.ts'

export interface Bot {
  id: string
  token: string
}

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers }

export interface BotsContext {
  stack: TestStack
  world: World
  /** Made by the admin, in plaza. */
  bot: Bot
  createBot: (person: Person, name?: string, ws?: string) => Promise<Bot>
  addToChannel: (bot: Bot, channel: string, by?: Person) => Promise<void>
  call: (
    method: string,
    args: unknown,
    token: string | null,
    contentType?: string
  ) => Promise<Answer>
  countIn: (channel: string) => Promise<number>
}

/** Registers the file's beforeAll/afterAll; the context is filled once beforeAll has run. */
export function useBotsStack(): BotsContext {
  const ctx = {} as BotsContext
  const workdir = path.resolve(import.meta.dirname, '../../..')
  ctx.createBot = async (person, name = 'Deploy Bot', ws = ctx.world.ws) => {
    const [row] = await asRole(
      ctx.stack.sql,
      person,
      (tx) => tx<{ id: string; token: string }[]>`
        select * from public.create_bot(${ws}, ${name})`
    )
    return { id: row!.id, token: row!.token }
  }
  ctx.addToChannel = async (bot, channel, by = ctx.world.people.admin) => {
    await asRole(
      ctx.stack.sql,
      by,
      (tx) => tx`select public.add_channel_members(${channel}, ${[bot.id]})`
    )
  }
  ctx.call = async (method, args, token, contentType = 'application/json') => {
    const response = await fetch(`${ctx.stack.url}/functions/v1/slack-api/${method}`, {
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
  ctx.countIn = async (channel) =>
    Number(
      (
        await ctx.stack.sql<{ n: string }[]>`
          select count(*) as n from public.messages where channel_id = ${channel}`
      )[0]!.n
    )
  beforeAll(async () => {
    ctx.stack = await startTestStack({ workdir })
    ctx.world = await buildWorld(ctx.stack)
    // No refill during a test: the limit is counted, not timed; the bots made here get a big burst.
    await ctx.stack
      .sql`update private.integration_config set value = 0 where name = 'bot_per_second'`
    await ctx.stack.sql`update private.integration_config set value = 1000 where name = 'bot_burst'`
    ctx.bot = await ctx.createBot(ctx.world.people.admin)
    await ctx.addToChannel(ctx.bot, ctx.world.ch.plaza)
  })
  afterAll(async () => {
    await ctx.stack?.stop()
  })
  return ctx
}
