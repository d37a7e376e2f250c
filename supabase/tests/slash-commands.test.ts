// Custom slash commands end to end on the real stack: an admin registers a command with the RPC,
// the app's call (a member's JWT) reaches the `slash-commands` Edge Function, which POSTs Slack's
// signed form to a real local HTTP server (allowed only through the loopback test setting), and
// the answer is read back as the people read it. The signing secret readable by no person; nothing
// sent for a refused caller or bad input. Failing servers and later answers (the response_url):
// slash-commands-responses.test.ts. The server and set-up are support/slash-commands.ts's.
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { jsonReply, useSlashCommands } from './support/slash-commands.ts'
import { asRole } from './support/world.ts'
import type { Person } from './support/world.ts'

const t = useSlashCommands()
const { createCommand, invoke, countIn } = t

describe('registering a command', () => {
  it('keeps the signing secret and the URL from every person', async () => {
    const command = await createCommand(t.world.people.admin)
    expect(command.signing_secret).toMatch(/^[0-9a-f]{32}$/)
    const refused = (person: Person, query: string) =>
      asRole(t.stack.sql, person, (tx) => tx.unsafe(query)).then(
        () => 'read',
        (e: { code?: string }) => e.code
      )
    expect(await refused(t.world.people.admin, 'select * from private.slash_command_secrets')).toBe(
      '42501'
    )
    expect(await refused(t.world.people.member, 'select url from public.slash_commands')).toBe(
      '42501'
    )
    expect(
      await refused(
        t.world.people.member,
        `select * from public.admin_slash_commands('${t.world.ws}')`
      )
    ).toBe('42501')
    const listed = await asRole(
      t.stack.sql,
      t.world.people.admin,
      (tx) => tx<{ name: string; url: string }[]>`
      select name, url from public.admin_slash_commands(${t.world.ws})`
    )
    expect(listed.find((c) => c.name === command.name)?.url).toBe(t.serverUrl)
    // a member sees the command for the autocomplete, without its URL
    const seen = await asRole(
      t.stack.sql,
      t.world.people.member,
      (tx) => tx<{ usage_hint: string }[]>`
      select name, description, usage_hint from public.slash_commands where id = ${command.id}`
    )
    expect(seen).toEqual([{ name: command.name, description: 'Deploys', usage_hint: '[env]' }])
  })

  it('is for owners and admins, with a valid name and an http(s) URL', async () => {
    const outcome = (person: Person, name: string, url: string) =>
      createCommand(person, url, name).then(
        () => 'made',
        (e: { code?: string; message?: string }) => `${e.code} ${e.message}`
      )
    expect(await outcome(t.world.people.member, '/x1', t.serverUrl)).toBe(
      '42501 Only a workspace owner or admin can manage integrations.'
    )
    expect(await outcome(t.world.people.admin, '/shrug', t.serverUrl)).toBe(
      '22023 /shrug is a built-in command.'
    )
    expect(await outcome(t.world.people.admin, '/no spaces', t.serverUrl)).toMatch(
      /^22023 A command is/
    )
    expect(await outcome(t.world.people.admin, '/js', 'javascript:alert(1)')).toMatch(
      /^22023 The URL must be/
    )
    expect(await outcome(t.world.people.admin, '/creds', 'https://u:p@example.com/')).toMatch(
      /^22023 The URL must be/
    )
    await createCommand(t.world.people.admin, t.serverUrl, '/twice')
    expect(await outcome(t.world.people.owner, '/twice', t.serverUrl)).toBe(
      '23505 /twice already exists.'
    )
  })
})

describe('running a command', () => {
  it("POSTs Slack's exact form, signed as Slack signs, and shows a plain answer to the caller only", async () => {
    const command = await createCommand(t.world.people.owner)
    t.reply = (_r, response) => response.end('Deploying *staging* now')
    const before = await countIn(t.world.ch.plaza)
    const result = await invoke(t.world.people.member, {
      command: command.name,
      text: 'staging now & then',
      channel_id: t.world.ch.plaza,
    })
    expect(result).toEqual({
      status: 200,
      json: { ephemeral: 'Deploying **staging** now', posted: false },
    })
    expect(await countIn(t.world.ch.plaza)).toBe(before)
    expect(t.received).toHaveLength(1)
    const [request] = t.received
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    const form = Object.fromEntries(new URLSearchParams(request!.body))
    const workspace = (
      await t.stack.sql<
        { slug: string }[]
      >`select slug from public.workspaces where id = ${t.world.ws}`
    )[0]!
    expect(Object.keys(form).sort()).toEqual(
      [
        'api_app_id',
        'channel_id',
        'channel_name',
        'command',
        'response_url',
        'team_domain',
        'team_id',
        'text',
        'trigger_id',
        'user_id',
        'user_name',
      ].sort()
    )
    expect(form).toMatchObject({
      command: command.name,
      text: 'staging now & then',
      user_id: t.world.people.member.id,
      channel_id: t.world.ch.plaza,
      channel_name: 'plaza',
      team_id: t.world.ws,
      team_domain: workspace.slug,
      api_app_id: command.id,
    })
    expect(form.response_url).toMatch(
      new RegExp(
        `^${t.stack.url}/functions/v1/slash-commands/respond/[0-9a-f-]{36}/[A-Za-z0-9_-]{32}$`
      )
    )
    const timestamp = request!.headers['x-slack-request-timestamp'] as string
    expect(timestamp).toMatch(/^\d{10}$/)
    const expected =
      'v0=' +
      createHmac('sha256', command.signing_secret)
        .update(`v0:${timestamp}:${request!.body}`)
        .digest('hex')
    expect(request!.headers['x-slack-signature']).toBe(expected)
    // the response_url's secret is kept as a hash only
    const secret = form.response_url!.split('/').at(-1)!
    const stored = await t.stack.sql<{ h: string }[]>`
      select encode(response_hash, 'hex') as h from private.slash_command_invocations
      where id = ${form.response_url!.split('/').at(-2)!}`
    expect(stored[0]!.h).toHaveLength(64)
    expect(stored[0]!.h).not.toContain(Buffer.from(secret).toString('hex'))
  })

  it('an empty 200 shows nothing; ephemeral JSON comes back to the caller only', async () => {
    const command = await createCommand(t.world.people.owner)
    expect(
      (
        await invoke(t.world.people.member, {
          command: command.name,
          text: '',
          channel_id: t.world.ch.plaza,
        })
      ).json
    ).toEqual({ ephemeral: null, posted: false })
    t.reply = jsonReply({ response_type: 'ephemeral', text: 'Only *you*', blocks: [] })
    const before = await countIn(t.world.ch.plaza)
    const result = await invoke(t.world.people.member, {
      command: command.name,
      text: '',
      channel_id: t.world.ch.plaza,
    })
    expect(result.json).toEqual({ ephemeral: 'Only **you**', posted: false })
    expect(await countIn(t.world.ch.plaza)).toBe(before)
  })

  it('an in_channel answer is posted as the app, after the command as the caller, for everyone', async () => {
    const command = await createCommand(t.world.people.owner)
    t.reply = jsonReply({ response_type: 'in_channel', text: 'Deployed :rocket:' })
    const before = await countIn(t.world.ch.plaza)
    const result = await invoke(t.world.people.member, {
      command: command.name,
      text: 'prod',
      channel_id: t.world.ch.plaza,
    })
    expect(result.json).toEqual({ ephemeral: null, posted: true })
    expect(await countIn(t.world.ch.plaza)).toBe(before + 2)
    const seen = await asRole(
      t.stack.sql,
      t.world.people.admin,
      (tx) => tx<{ body: string; author_id: string | null; app_name: string | null }[]>`
      select m.body, m.author_id, i.app_name from public.messages m
      left join public.integration_messages i on i.message_id = m.id
      where m.channel_id = ${t.world.ch.plaza} order by m.seq desc limit 2`
    )
    expect(seen).toEqual([
      { body: 'Deployed :rocket:', author_id: null, app_name: command.name },
      { body: `${command.name} prod`, author_id: t.world.people.member.id, app_name: null },
    ])
  })
})

describe('refused callers and bad input: nothing is sent', () => {
  it('someone not in the channel, someone signed out, another workspace', async () => {
    const command = await createCommand(t.world.people.owner)
    const notIn = await invoke(t.world.people.member2, {
      command: command.name,
      text: '',
      channel_id: t.world.ch.plaza,
    })
    expect(notIn).toEqual({
      status: 403,
      json: { error: 'not_in_channel', message: 'You are not in this channel.' },
    })
    const anon = await invoke(null, {
      command: command.name,
      text: '',
      channel_id: t.world.ch.plaza,
    })
    expect(anon.status).toBe(401)
    const other = await invoke(t.world.people.outsider, {
      command: command.name,
      text: '',
      channel_id: t.world.ch.outside,
    })
    expect(other.status).toBe(400)
    expect(other.json.message).toBe(`${command.name} is not a command.`)
    expect(t.received).toHaveLength(0)
  })

  it('an unknown or revoked command, huge text, malformed requests', async () => {
    const unknown = await invoke(t.world.people.member, {
      command: '/nope',
      text: '',
      channel_id: t.world.ch.plaza,
    })
    expect(unknown).toEqual({
      status: 400,
      json: {
        error: 'invalid_command',
        message: '/nope is not a command.',
        hint: 'Type / to see the commands.',
      },
    })
    const command = await createCommand(t.world.people.owner)
    const huge = await invoke(t.world.people.member, {
      command: command.name,
      text: 'x'.repeat(5000),
      channel_id: t.world.ch.plaza,
    })
    expect(huge.status).toBe(400)
    expect(huge.json.message).toBe('The text must be at most 4000 characters.')
    const tooBig = await invoke(t.world.people.member, {
      command: command.name,
      text: 'x'.repeat(70_000),
      channel_id: t.world.ch.plaza,
    })
    expect(tooBig).toEqual({
      status: 400,
      json: { error: 'invalid_request', message: 'The request is too large.' },
    })
    expect((await invoke(t.world.people.member, '{not json')).status).toBe(400)
    expect(
      (await invoke(t.world.people.member, { command: 5, channel_id: t.world.ch.plaza })).status
    ).toBe(400)
    await asRole(
      t.stack.sql,
      t.world.people.admin,
      (tx) => tx`select public.revoke_slash_command(${command.id})`
    )
    const revoked = await invoke(t.world.people.member, {
      command: command.name,
      text: '',
      channel_id: t.world.ch.plaza,
    })
    expect(revoked.json.message).toBe(`${command.name} is not a command.`)
    expect(t.received).toHaveLength(0)
  })
})
