// Bots on the real stack, their accounts and tokens: an admin makes one with the RPC (an account
// nobody signs in to, a workspace member marked is_bot, never queued an email); the token kept
// only as a hash and never readable; owners and admins only; a missing, wrong, regenerated or
// revoked token refused over real HTTP at once (the `slack-api` Edge Function); a bot removed
// from its workspace; the Settings list; the rate limit. The methods: bots-api*.test.ts.
import { describe, expect, it } from 'vitest'
import { useBotsStack } from './support/bots.ts'
import { asRole, makeMessage } from './support/world.ts'
import type { Person } from './support/world.ts'

const ctx = useBotsStack()

describe('creating a bot', () => {
  it('makes an account nobody signs in to, a workspace member marked as a bot', async () => {
    expect(ctx.bot.token).toMatch(/^xoxb-[0-9a-f]{64}$/)
    const [user] = await ctx.stack.sql<
      { email: string | null; encrypted_password: string | null }[]
    >`
      select email, encrypted_password from auth.users where id = ${ctx.bot.id}`
    expect(user).toEqual({ email: null, encrypted_password: null })
    const [profile] = await ctx.stack.sql<{ display_name: string; is_bot: boolean }[]>`
      select display_name, is_bot from public.profiles where id = ${ctx.bot.id}`
    expect(profile).toEqual({ display_name: 'Deploy Bot', is_bot: true })
    const [member] = await ctx.stack.sql<{ role: string }[]>`
      select role from public.workspace_members where user_id = ${ctx.bot.id} and workspace_id = ${ctx.world.ws}`
    expect(member!.role).toBe('member')
    // a co-worker sees that it is a bot
    const seen = await asRole(
      ctx.stack.sql,
      ctx.world.people.member2,
      (tx) => tx<{ is_bot: boolean }[]>`select is_bot from public.profiles where id = ${ctx.bot.id}`
    )
    expect(seen).toEqual([{ is_bot: true }])
  })

  it('keeps only the hash of the token, which nobody can read back', async () => {
    const [stored] = await ctx.stack.sql<{ token_hash: Buffer }[]>`
      select token_hash from public.bots where id = ${ctx.bot.id}`
    expect(stored!.token_hash).toHaveLength(32)
    const hex = Buffer.from(ctx.bot.token).toString('hex')
    const everything = await ctx.stack.sql<{ row: string }[]>`
      select (b.*)::text as row from public.bots b where b.id = ${ctx.bot.id}`
    expect(everything[0]!.row).not.toContain(ctx.bot.token.slice(5))
    expect(stored!.token_hash.toString('hex')).not.toContain(hex.slice(10, 40))
    const refused = await asRole(
      ctx.stack.sql,
      ctx.world.people.admin,
      (tx) => tx`select token_hash from public.bots`
    ).then(
      () => 'read',
      (e: { code?: string }) => e.code
    )
    expect(refused).toBe('42501')
  })

  it('is never queued a notification email (it has no address)', async () => {
    const id = await makeMessage(
      ctx.stack.sql,
      ctx.world.people.member,
      ctx.world.ch.plaza,
      `<@${ctx.bot.id}> and <@${ctx.world.people.admin.id}>, deploy please`
    )
    const [message] = await ctx.stack.sql<{ mentions: string[] }[]>`
      select mentions from public.messages where id = ${id}`
    expect([...message!.mentions].sort()).toEqual([ctx.bot.id, ctx.world.people.admin.id].sort())
    const queued = await ctx.stack.sql<{ user_id: string }[]>`
      select user_id from private.email_queue where message_id = ${id}`
    expect(queued.map((q) => q.user_id)).toEqual([ctx.world.people.admin.id])
  })

  it('is for owners and admins only', async () => {
    const refusal = (person: Person, ws: string) =>
      ctx.createBot(person, 'x', ws).then(
        () => 'made',
        (e: { code?: string; message?: string }) => `${e.code} ${e.message}`
      )
    const denied = '42501 Only a workspace owner or admin can manage integrations.'
    expect(await refusal(ctx.world.people.member, ctx.world.ws)).toBe(denied)
    expect(await refusal(ctx.world.people.outsider, ctx.world.ws)).toBe(denied)
    expect(await refusal(ctx.world.people.admin, ctx.world.ws2)).toBe(denied)
    expect(await refusal(ctx.world.people.owner, ctx.world.ws).then((r) => r)).toBe('made')
  })
})

describe('tokens', () => {
  it('refuses a missing or wrong token', async () => {
    const args = { channel: ctx.world.ch.plaza, text: 'x' }
    expect((await ctx.call('chat.postMessage', args, null)).body).toEqual({
      ok: false,
      error: 'not_authed',
      response_metadata: { messages: ['[ERROR] No token was sent.'] },
    })
    expect((await ctx.call('chat.postMessage', args, 'xoxb-nope')).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
    const forged = `xoxb-${'0'.repeat(64)}`
    expect((await ctx.call('chat.postMessage', args, forged)).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
    // a person's access token is not a bot token
    expect((await ctx.call('chat.postMessage', args, ctx.world.people.admin.token)).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
  })

  it("regenerating replaces the token at once; revoking ends the bot's access at once", async () => {
    const b = await ctx.createBot(ctx.world.people.admin, 'Rotating')
    await ctx.addToChannel(b, ctx.world.ch.plaza)
    const args = { channel: ctx.world.ch.plaza, text: 'x' }
    expect((await ctx.call('chat.postMessage', args, b.token)).body.ok).toBe(true)
    const [{ regenerate_bot_token: fresh }] = (await asRole(
      ctx.stack.sql,
      ctx.world.people.admin,
      (tx) => tx`select public.regenerate_bot_token(${b.id})`
    )) as unknown as [{ regenerate_bot_token: string }]
    expect(fresh).not.toBe(b.token)
    expect((await ctx.call('chat.postMessage', args, b.token)).body).toEqual({
      ok: false,
      error: 'invalid_auth',
    })
    expect((await ctx.call('chat.postMessage', args, fresh)).body.ok).toBe(true)
    // a member cannot revoke it
    const denied = await asRole(
      ctx.stack.sql,
      ctx.world.people.member,
      (tx) => tx`select public.revoke_bot(${b.id})`
    ).then(
      () => 'revoked',
      (e: { message?: string }) => e.message
    )
    expect(denied).toBe('Bot not found.')
    await asRole(
      ctx.stack.sql,
      ctx.world.people.admin,
      (tx) => tx`select public.revoke_bot(${b.id})`
    )
    const before = await ctx.countIn(ctx.world.ch.plaza)
    expect((await ctx.call('chat.postMessage', args, fresh)).body).toEqual({
      ok: false,
      error: 'token_revoked',
    })
    expect(
      (await ctx.call('conversations.history', { channel: ctx.world.ch.plaza }, fresh)).body
    ).toEqual({
      ok: false,
      error: 'token_revoked',
    })
    expect(await ctx.countIn(ctx.world.ch.plaza)).toBe(before)
  })

  it('a bot removed from its workspace is refused (account_inactive)', async () => {
    const b = await ctx.createBot(ctx.world.people.admin, 'Leaving')
    await ctx.addToChannel(b, ctx.world.ch.plaza)
    const args = { channel: ctx.world.ch.plaza, limit: 1 }
    expect((await ctx.call('conversations.history', args, b.token)).body.ok).toBe(true)
    await asRole(
      ctx.stack.sql,
      ctx.world.people.admin,
      (tx) => tx`select public.remove_member(${ctx.world.ws}, ${b.id})`
    )
    expect((await ctx.call('conversations.history', args, b.token)).body).toEqual({
      ok: false,
      error: 'account_inactive',
    })
  })

  it('lists the bots to admins with their channels and last use', async () => {
    const used = await ctx.call(
      'conversations.history',
      { channel: ctx.world.ch.plaza },
      ctx.bot.token
    )
    expect(used.body.ok).toBe(true)
    const list = await asRole(
      ctx.stack.sql,
      ctx.world.people.admin,
      (tx) => tx<
        {
          id: string
          name: string
          created_by_name: string
          last_used_at: Date | null
          channels: { id: string }[]
        }[]
      >`
        select * from public.workspace_bots(${ctx.world.ws})`
    )
    const mine = list.find((b) => b.id === ctx.bot.id)!
    expect(mine).toMatchObject({ name: 'Deploy Bot', created_by_name: 'admin' })
    expect(mine.last_used_at).not.toBeNull()
    expect(mine.channels.map((c) => c.id)).toEqual([ctx.world.ch.plaza])
    const asMember = await asRole(
      ctx.stack.sql,
      ctx.world.people.member,
      (tx) => tx`select * from public.workspace_bots(${ctx.world.ws})`
    )
    expect(asMember).toEqual([])
  })
})

describe('the rate limit', () => {
  it('answers ratelimited with 429 and Retry-After once the burst is spent', async () => {
    await ctx.stack.sql`update private.integration_config set value = 3 where name = 'bot_burst'`
    try {
      const b = await ctx.createBot(ctx.world.people.admin, 'Chatty')
      await ctx.addToChannel(b, ctx.world.ch.plaza)
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await ctx.call(
              'conversations.history',
              { channel: ctx.world.ch.plaza, limit: 1 },
              b.token
            )
          ).body.ok
        ).toBe(true)
      }
      const limited = await ctx.call(
        'chat.postMessage',
        { channel: ctx.world.ch.plaza, text: 'x' },
        b.token
      )
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({ ok: false, error: 'ratelimited' })
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await ctx.stack
        .sql`update private.integration_config set value = 1000 where name = 'bot_burst'`
    }
  })
})
