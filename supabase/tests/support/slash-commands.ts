// The set-up of the slash-command tests (slash-commands.test.ts, slash-commands-responses.test.ts):
// a real local HTTP server standing in for the command's app (reached only through the loopback
// test setting, which each test may turn off), recording each request and answering as the test
// says; a stack with the matrix's world; a command registered, run as a person, its response_url,
// a POST to it and a channel's message count.
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { asRole, buildWorld } from './world.ts'
import type { Person, World } from './world.ts'

export interface Received {
  headers: IncomingMessage['headers']
  body: string
  url: string
}
export type Reply = (request: Received, response: ServerResponse) => void
export const allowLoopback = (on: boolean) => {
  process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = on ? '1' : '0'
}

export const jsonReply =
  (payload: unknown): Reply =>
  (_r, response) => {
    response.setHeader('Content-Type', 'application/json')
    response.end(JSON.stringify(payload))
  }

export interface CommandRun {
  status: number
  json: { ephemeral?: string | null; posted?: boolean; error?: string; message?: string }
}

export interface SlashCommands {
  stack: TestStack
  world: World
  server: Server
  /** The command server's URL. */
  serverUrl: string
  /** The requests the server got in this test. */
  received: Received[]
  /** How the server answers (an empty 200 unless the test says). */
  reply: Reply
  /** Answers held open (never sent); destroyed after each test. */
  held: ServerResponse[]
  createCommand: (
    person: Person,
    url?: string,
    name?: string
  ) => Promise<{ id: string; signing_secret: string; name: string }>
  /** The app's call of the slash-commands function as the person (null: signed out). */
  invoke: (person: Person | null, body: unknown) => Promise<CommandRun>
  countIn: (channel: string) => Promise<number>
  /** Runs the command and returns the response_url the app was given. */
  responseUrlOf: (person: Person, channel: string, name: string) => Promise<string>
  postTo: (url: string, payload: unknown) => Promise<{ status: number; text: string }>
}

/** Registers the file's hooks; the server, stack and world are set once beforeAll has run. */
export function useSlashCommands(): SlashCommands {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = {} as SlashCommands
  t.received = []
  t.reply = (_r, response) => response.end()
  t.held = []
  beforeAll(async () => {
    allowLoopback(true)
    t.server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (c: Buffer) => chunks.push(c))
      request.on('end', () => {
        const r = {
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
          url: request.url ?? '',
        }
        t.received.push(r)
        t.reply(r, response)
      })
    })
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve))
    t.serverUrl = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}/command`
    t.stack = await startTestStack({ workdir })
    t.world = await buildWorld(t.stack)
  })

  afterEach(() => {
    t.received = []
    t.reply = (_r, response) => response.end()
    allowLoopback(true)
    for (const r of t.held.splice(0)) r.destroy()
  })

  afterAll(async () => {
    await t.stack?.stop()
    t.server?.closeAllConnections()
    await new Promise((resolve) => t.server?.close(resolve))
    delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
  })

  let counter = 0
  t.createCommand = async function createCommand(person: Person, url = t.serverUrl, name?: string) {
    const command = name ?? `/deploy${++counter}`
    const [row] = await asRole(
      t.stack.sql,
      person,
      (tx) => tx<{ id: string; signing_secret: string }[]>`
      select * from public.create_slash_command(${t.world.ws}, ${command}, ${url}, 'Deploys', '[env]')`
    )
    return { ...row!, name: command }
  }

  t.invoke = async function invoke(person: Person | null, body: unknown) {
    const response = await fetch(`${t.stack.url}/functions/v1/slash-commands`, {
      method: 'POST',
      headers: {
        apikey: t.stack.anonKey,
        Authorization: `Bearer ${person?.token ?? t.stack.anonKey}`,
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

  t.countIn = async (channel: string) =>
    Number(
      (
        await t.stack.sql<{ n: string }[]>`
      select count(*) as n from public.messages where channel_id = ${channel}`
      )[0]!.n
    )

  t.responseUrlOf = async function responseUrlOf(person: Person, channel: string, name: string) {
    const result = await t.invoke(person, { command: name, text: 'later', channel_id: channel })
    expect(result.status).toBe(200)
    return new URLSearchParams(t.received.at(-1)!.body).get('response_url')!
  }

  t.postTo = (url: string, payload: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    }).then(async (r) => ({ status: r.status, text: await r.text() }))
  return t
}
