// Custom slash commands end to end on the real stack: an admin registers a command with the RPC,
// the app's call (a member's JWT) reaches the `slash-commands` Edge Function, which POSTs Slack's
// signed form to a real local HTTP server (allowed only through the loopback test setting), and
// the answer is read back as the people read it. The signing secret readable by no person; the
// response_url's limits; failing, slow and refused servers; nothing sent for a refused caller.
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { Inbox, joinPrivate, leave, liveTopic, recordOf } from './support/realtime.ts'
import { asRole, buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

interface Received {
  headers: IncomingMessage['headers']
  body: string
  url: string
}
type Reply = (request: Received, response: ServerResponse) => void
let server: Server
let serverUrl: string
let received: Received[] = []
let reply: Reply = (_r, response) => response.end()
const held: ServerResponse[] = []

const allowLoopback = (on: boolean) => {
  process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = on ? '1' : '0'
}

beforeAll(async () => {
  allowLoopback(true)
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      const r = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        url: request.url ?? '',
      }
      received.push(r)
      reply(r, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/command`
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterEach(() => {
  received = []
  reply = (_r, response) => response.end()
  allowLoopback(true)
  for (const r of held.splice(0)) r.destroy()
})

afterAll(async () => {
  await stack?.stop()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
})

let counter = 0
async function createCommand(person: Person, url = serverUrl, name?: string) {
  const command = name ?? `/deploy${++counter}`
  const [row] = await asRole(
    stack.sql,
    person,
    (tx) => tx<{ id: string; signing_secret: string }[]>`
      select * from public.create_slash_command(${world.ws}, ${command}, ${url}, 'Deploys', '[env]')`
  )
  return { ...row!, name: command }
}

async function invoke(person: Person | null, body: unknown) {
  const response = await fetch(`${stack.url}/functions/v1/slash-commands`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${person?.token ?? stack.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return {
    status: response.status,
    json: (await response.json()) as {
      ephemeral?: string | null
      posted?: boolean
      error?: string
      message?: string
    },
  }
}

const countIn = async (channel: string) =>
  Number(
    (
      await stack.sql<{ n: string }[]>`
      select count(*) as n from public.messages where channel_id = ${channel}`
    )[0]!.n
  )

const jsonReply =
  (payload: unknown): Reply =>
  (_r, response) => {
    response.setHeader('Content-Type', 'application/json')
    response.end(JSON.stringify(payload))
  }

/** Runs the command and returns the response_url the app was given. */
async function responseUrlOf(person: Person, channel: string, name: string) {
  const result = await invoke(person, { command: name, text: 'later', channel_id: channel })
  expect(result.status).toBe(200)
  return new URLSearchParams(received.at(-1)!.body).get('response_url')!
}

const postTo = (url: string, payload: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  }).then(async (r) => ({ status: r.status, text: await r.text() }))

describe('registering a command', () => {
  it('keeps the signing secret and the URL from every person', async () => {
    const command = await createCommand(world.people.admin)
    expect(command.signing_secret).toMatch(/^[0-9a-f]{32}$/)
    const refused = (person: Person, query: string) =>
      asRole(stack.sql, person, (tx) => tx.unsafe(query)).then(
        () => 'read',
        (e: { code?: string }) => e.code
      )
    expect(await refused(world.people.admin, 'select * from private.slash_command_secrets')).toBe(
      '42501'
    )
    expect(await refused(world.people.member, 'select url from public.slash_commands')).toBe(
      '42501'
    )
    expect(
      await refused(world.people.member, `select * from public.admin_slash_commands('${world.ws}')`)
    ).toBe('42501')
    const listed = await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx<{ name: string; url: string }[]>`
      select name, url from public.admin_slash_commands(${world.ws})`
    )
    expect(listed.find((c) => c.name === command.name)?.url).toBe(serverUrl)
    // a member sees the command for the autocomplete, without its URL
    const seen = await asRole(
      stack.sql,
      world.people.member,
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
    expect(await outcome(world.people.member, '/x1', serverUrl)).toBe(
      '42501 Only a workspace owner or admin can manage integrations.'
    )
    expect(await outcome(world.people.admin, '/shrug', serverUrl)).toBe(
      '22023 /shrug is a built-in command.'
    )
    expect(await outcome(world.people.admin, '/no spaces', serverUrl)).toMatch(
      /^22023 A command is/
    )
    expect(await outcome(world.people.admin, '/js', 'javascript:alert(1)')).toMatch(
      /^22023 The URL must be/
    )
    expect(await outcome(world.people.admin, '/creds', 'https://u:p@example.com/')).toMatch(
      /^22023 The URL must be/
    )
    await createCommand(world.people.admin, serverUrl, '/twice')
    expect(await outcome(world.people.owner, '/twice', serverUrl)).toBe(
      '23505 /twice already exists.'
    )
  })
})

describe('running a command', () => {
  it("POSTs Slack's exact form, signed as Slack signs, and shows a plain answer to the caller only", async () => {
    const command = await createCommand(world.people.owner)
    reply = (_r, response) => response.end('Deploying *staging* now')
    const before = await countIn(world.ch.plaza)
    const result = await invoke(world.people.member, {
      command: command.name,
      text: 'staging now & then',
      channel_id: world.ch.plaza,
    })
    expect(result).toEqual({
      status: 200,
      json: { ephemeral: 'Deploying **staging** now', posted: false },
    })
    expect(await countIn(world.ch.plaza)).toBe(before)
    expect(received).toHaveLength(1)
    const [request] = received
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    const form = Object.fromEntries(new URLSearchParams(request!.body))
    const workspace = (
      await stack.sql<{ slug: string }[]>`select slug from public.workspaces where id = ${world.ws}`
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
      user_id: world.people.member.id,
      channel_id: world.ch.plaza,
      channel_name: 'plaza',
      team_id: world.ws,
      team_domain: workspace.slug,
      api_app_id: command.id,
    })
    expect(form.response_url).toMatch(
      new RegExp(
        `^${stack.url}/functions/v1/slash-commands/respond/[0-9a-f-]{36}/[A-Za-z0-9_-]{32}$`
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
    const stored = await stack.sql<{ h: string }[]>`
      select encode(response_hash, 'hex') as h from private.slash_command_invocations
      where id = ${form.response_url!.split('/').at(-2)!}`
    expect(stored[0]!.h).toHaveLength(64)
    expect(stored[0]!.h).not.toContain(Buffer.from(secret).toString('hex'))
  })

  it('an empty 200 shows nothing; ephemeral JSON comes back to the caller only', async () => {
    const command = await createCommand(world.people.owner)
    expect(
      (
        await invoke(world.people.member, {
          command: command.name,
          text: '',
          channel_id: world.ch.plaza,
        })
      ).json
    ).toEqual({ ephemeral: null, posted: false })
    reply = jsonReply({ response_type: 'ephemeral', text: 'Only *you*', blocks: [] })
    const before = await countIn(world.ch.plaza)
    const result = await invoke(world.people.member, {
      command: command.name,
      text: '',
      channel_id: world.ch.plaza,
    })
    expect(result.json).toEqual({ ephemeral: 'Only **you**', posted: false })
    expect(await countIn(world.ch.plaza)).toBe(before)
  })

  it('an in_channel answer is posted as the app, after the command as the caller, for everyone', async () => {
    const command = await createCommand(world.people.owner)
    reply = jsonReply({ response_type: 'in_channel', text: 'Deployed :rocket:' })
    const before = await countIn(world.ch.plaza)
    const result = await invoke(world.people.member, {
      command: command.name,
      text: 'prod',
      channel_id: world.ch.plaza,
    })
    expect(result.json).toEqual({ ephemeral: null, posted: true })
    expect(await countIn(world.ch.plaza)).toBe(before + 2)
    const seen = await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx<{ body: string; author_id: string | null; app_name: string | null }[]>`
      select m.body, m.author_id, i.app_name from public.messages m
      left join public.integration_messages i on i.message_id = m.id
      where m.channel_id = ${world.ch.plaza} order by m.seq desc limit 2`
    )
    expect(seen).toEqual([
      { body: 'Deployed :rocket:', author_id: null, app_name: command.name },
      { body: `${command.name} prod`, author_id: world.people.member.id, app_name: null },
    ])
  })
})

describe('failing command servers', () => {
  it('a 500 is a clear ephemeral error, nothing posted', async () => {
    const command = await createCommand(world.people.owner)
    reply = (_r, response) => {
      response.statusCode = 500
      response.end('boom')
    }
    const before = await countIn(world.ch.plaza)
    const result = await invoke(world.people.member, {
      command: command.name,
      text: 'x',
      channel_id: world.ch.plaza,
    })
    expect(result.json).toEqual({
      ephemeral: `${command.name} failed: the app answered with HTTP status 500.`,
      posted: false,
      error: 'http_error',
    })
    expect(await countIn(world.ch.plaza)).toBe(before)
  })

  it('an app that does not answer in 3 seconds is a timeout, nothing posted', async () => {
    const command = await createCommand(world.people.owner)
    reply = (_r, response) => void held.push(response)
    const before = await countIn(world.ch.plaza)
    const result = await invoke(world.people.member, {
      command: command.name,
      text: 'x',
      channel_id: world.ch.plaza,
    })
    expect(result.json).toEqual({
      ephemeral: `${command.name} failed: the app did not answer in 3 seconds.`,
      posted: false,
      error: 'timeout',
    })
    expect(await countIn(world.ch.plaza)).toBe(before)
  })

  it('a redirect is not followed', async () => {
    const command = await createCommand(world.people.owner)
    reply = (_r, response) => {
      response.statusCode = 302
      response.setHeader('Location', 'http://169.254.169.254/latest/meta-data/')
      response.end()
    }
    const result = await invoke(world.people.member, {
      command: command.name,
      text: 'x',
      channel_id: world.ch.plaza,
    })
    expect(result.json.posted).toBe(false)
    expect(result.json.ephemeral).toMatch(new RegExp(`^${command.name} failed: `))
    expect(received).toHaveLength(1)
  })

  it('a private or local address is refused, and loopback is only with the test setting', async () => {
    const metadata = await createCommand(
      world.people.owner,
      'http://169.254.169.254/latest/meta-data/'
    )
    const result = await invoke(world.people.member, {
      command: metadata.name,
      text: '',
      channel_id: world.ch.plaza,
    })
    expect(result.json).toMatchObject({ posted: false, error: 'blocked_address' })
    expect(result.json.ephemeral).toMatch(/private or local address/)

    const local = await createCommand(world.people.owner)
    allowLoopback(false)
    const refused = await invoke(world.people.member, {
      command: local.name,
      text: '',
      channel_id: world.ch.plaza,
    })
    expect(refused.json).toMatchObject({ posted: false, error: 'blocked_address' })
    expect(received).toHaveLength(0)
  })
})

describe('refused callers and bad input: nothing is sent', () => {
  it('someone not in the channel, someone signed out, another workspace', async () => {
    const command = await createCommand(world.people.owner)
    const notIn = await invoke(world.people.member2, {
      command: command.name,
      text: '',
      channel_id: world.ch.plaza,
    })
    expect(notIn).toEqual({
      status: 403,
      json: { error: 'not_in_channel', message: 'You are not in this channel.' },
    })
    const anon = await invoke(null, { command: command.name, text: '', channel_id: world.ch.plaza })
    expect(anon.status).toBe(401)
    const other = await invoke(world.people.outsider, {
      command: command.name,
      text: '',
      channel_id: world.ch.outside,
    })
    expect(other.status).toBe(400)
    expect(other.json.message).toBe(`${command.name} is not a command.`)
    expect(received).toHaveLength(0)
  })

  it('an unknown or revoked command, huge text, malformed requests', async () => {
    const unknown = await invoke(world.people.member, {
      command: '/nope',
      text: '',
      channel_id: world.ch.plaza,
    })
    expect(unknown).toEqual({
      status: 400,
      json: {
        error: 'invalid_command',
        message: '/nope is not a command.',
        hint: 'Type / to see the commands.',
      },
    })
    const command = await createCommand(world.people.owner)
    const huge = await invoke(world.people.member, {
      command: command.name,
      text: 'x'.repeat(5000),
      channel_id: world.ch.plaza,
    })
    expect(huge.status).toBe(400)
    expect(huge.json.message).toBe('The text must be at most 4000 characters.')
    const tooBig = await invoke(world.people.member, {
      command: command.name,
      text: 'x'.repeat(70_000),
      channel_id: world.ch.plaza,
    })
    expect(tooBig).toEqual({
      status: 400,
      json: { error: 'invalid_request', message: 'The request is too large.' },
    })
    expect((await invoke(world.people.member, '{not json')).status).toBe(400)
    expect(
      (await invoke(world.people.member, { command: 5, channel_id: world.ch.plaza })).status
    ).toBe(400)
    await asRole(
      stack.sql,
      world.people.admin,
      (tx) => tx`select public.revoke_slash_command(${command.id})`
    )
    const revoked = await invoke(world.people.member, {
      command: command.name,
      text: '',
      channel_id: world.ch.plaza,
    })
    expect(revoked.json.message).toBe(`${command.name} is not a command.`)
    expect(received).toHaveLength(0)
  })
})

describe('the response_url', () => {
  it('delivers a later ephemeral answer to the caller only', async () => {
    const command = await createCommand(world.people.owner)
    const url = await responseUrlOf(world.people.member, world.ch.plaza, command.name)
    const before = await countIn(world.ch.plaza)
    expect(await postTo(url, { text: 'Done _later_' })).toEqual({ status: 200, text: 'ok' })
    expect(await countIn(world.ch.plaza)).toBe(before)
    const read = (person: Person) =>
      asRole(
        stack.sql,
        person,
        (tx) => tx<{ body: string; command: string }[]>`
        select body, command from public.slash_command_responses where channel_id = ${world.ch.plaza}`
      )
    expect(await read(world.people.member)).toContainEqual({
      body: 'Done _later_',
      command: command.name,
    })
    expect(await read(world.people.admin)).toEqual([])
    expect(await read(world.people.owner)).toEqual([])
  })

  it('posts a later in_channel answer; refuses a wrong secret, a sixth use and an expired URL', async () => {
    const command = await createCommand(world.people.owner)
    const url = await responseUrlOf(world.people.member, world.ch.plaza, command.name)
    const before = await countIn(world.ch.plaza)
    expect(await postTo(url, { response_type: 'in_channel', text: 'Build 1 passed' })).toEqual({
      status: 200,
      text: 'ok',
    })
    expect(await countIn(world.ch.plaza)).toBe(before + 2)
    const wrong = url.replace(/[^/]+$/, 'A'.repeat(32))
    expect(await postTo(wrong, { text: 'x' })).toEqual({ status: 403, text: 'invalid_token' })
    expect(await postTo(url, { text: '' })).toEqual({ status: 400, text: 'no_text' })
    expect(await postTo(url, { response_type: 'sideways', text: 'x' })).toEqual({
      status: 400,
      text: 'invalid_payload',
    })
    for (let i = 2; i <= 5; i++) expect((await postTo(url, { text: `use ${i}` })).status).toBe(200)
    expect(await postTo(url, { text: 'sixth' })).toEqual({ status: 404, text: 'used_url' })
    expect(await countIn(world.ch.plaza)).toBe(before + 2)

    const second = await responseUrlOf(world.people.member, world.ch.plaza, command.name)
    await stack.sql`update private.slash_command_invocations set expires_at = now() - interval '1 second'
      where id = ${second.split('/').at(-2)!}`
    expect(await postTo(second, { text: 'late' })).toEqual({ status: 404, text: 'expired_url' })
    const unknown = second.replace(/respond\/[^/]+/, 'respond/00000000-0000-0000-0000-000000000000')
    expect(await postTo(unknown, { text: 'x' })).toEqual({ status: 404, text: 'no_service' })
  })
})

describe('replace_original and delete_original', () => {
  it("replace or delete the run's earlier later answers, and count as uses", async () => {
    const command = await createCommand(world.people.owner)
    const url = await responseUrlOf(world.people.member, world.ch.plaza, command.name)
    const mine = () =>
      asRole(
        stack.sql,
        world.people.member,
        (tx) => tx<{ body: string }[]>`
          select body from public.slash_command_responses
          where invocation_id = ${url.split('/').at(-2)!} order by created_at`
      ).then((rows) => rows.map((r) => r.body))
    expect((await postTo(url, { text: 'Deploying…' })).status).toBe(200)
    expect(await mine()).toEqual(['Deploying…'])
    expect((await postTo(url, { replace_original: true, text: 'Deployed' })).status).toBe(200)
    expect(await mine()).toEqual(['Deployed'])
    const wrong = url.replace(/[^/]+$/, 'B'.repeat(32))
    expect(await postTo(wrong, { delete_original: true })).toEqual({
      status: 403,
      text: 'invalid_token',
    })
    expect(await mine()).toEqual(['Deployed'])
    expect(await postTo(url, { delete_original: true })).toEqual({ status: 200, text: 'ok' })
    expect(await mine()).toEqual([])
  })
})

describe('a later ephemeral answer, live', () => {
  it("reaches the caller's own user topic, and nobody else's", async () => {
    const { member, admin } = world.people
    const inboxes = { member: new Inbox(), admin: new Inbox() }
    const joins = [
      await joinPrivate(stack, member, liveTopic.user(member.id), inboxes.member),
      await joinPrivate(stack, admin, liveTopic.user(admin.id), inboxes.admin),
    ]
    try {
      expect(joins.map((j) => j.joined)).toEqual([true, true])
      const command = await createCommand(world.people.owner)
      const forMember = await responseUrlOf(member, world.ch.plaza, command.name)
      const forAdmin = await responseUrlOf(admin, world.ch.plaza, command.name)
      expect((await postTo(forMember, { text: 'for the member' })).status).toBe(200)
      // the marker: sent after, on the admin's topic; one topic's events arrive in order
      expect((await postTo(forAdmin, { text: 'for the admin' })).status).toBe(200)
      const answers = (inbox: Inbox) =>
        inbox.heard
          .filter((h) => h.payload.table === 'slash_command_responses')
          .map((h) => recordOf(h).body)
      await inboxes.member.until((h) => recordOf(h).body === 'for the member')
      await inboxes.admin.until((h) => recordOf(h).body === 'for the admin')
      expect(answers(inboxes.admin)).toEqual(['for the admin'])
      expect(answers(inboxes.member)).toContain('for the member')
      expect(answers(inboxes.member)).not.toContain('for the admin')
    } finally {
      for (const joined of joins) await leave(joined)
    }
  })
})
