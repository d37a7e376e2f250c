// What a load generator spends per Realtime frame, apart from the stack: a bare Phoenix server in
// this process (it answers joins, presence pushes and heartbeats, and sends every socket the same
// mix of frames bench:team's people receive: presence diffs, a channel's move on the workspace
// topic, a message on the open channel, typing signals) to N people in a child process, who are
// either supabase-js clients (realtime-js, as bench:team's people were) or the raw sockets
// (socket.ts, as they are now). Prints the child's CPU per frame received, and its CPU to join
// (each person's presence_state holds everyone: realtime-js copies it for each person).
//   node --import tsx bench/team/frames.ts --people 500 --rate 4 --seconds 10
//   (--rate: frames per second per person; bench:team at 2,000 people received about 9)
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'
import { userBroadcast } from '../realtime/clients.ts'
import { liveChangeOf, scanHeader, scanLiveMessage, recordIdOf, textFrame } from './phoenix.ts'
import { PersonSocket } from './socket.ts'

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '500' },
    rate: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '10' },
    client: { type: 'string' },
    url: { type: 'string' },
  },
})
const people = Number(values.people)
// The same in the server and the child.
const WORKSPACE = 'fd3ed453-bb77-4630-b0dd-00aa5161d1ef'
const CHANNEL = 'bbffbb39-f3bc-4403-9a8c-61dc45882d7e'

/** jsonb's text of a value (keys by length, then bytes; a space after ':' and ','). */
function jsonb(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonb).join(', ')}]`
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonb((value as never)[k])}`).join(', ')}}`
  }
  return JSON.stringify(value)
}

function live(topic: string, table: string, operation: string, record: object): string {
  const id = randomUUID()
  const payload = jsonb({ id, table, record, operation })
  return `[null,null,"realtime:${topic}","broadcast",{"type":"broadcast","event":"${operation}","payload":${payload},"meta":{"id":"${id}"}}]`
}

/** Everyone online (the presence_state a joiner gets; the diffs are of these people). */
const ONLINE = Array.from({ length: people }, () => randomUUID())
const metaOf = (who: string, state: string, ref: string) =>
  `{"metas":[{"user_id":"${who}","online_at":"${new Date().toISOString()}","state":"${state}","dnd":false,"phx_ref":"${ref}"}]}`
const presenceState = () =>
  `{${ONLINE.map((who) => `"${who}":${metaOf(who, 'active', 'S')}`).join(',')}}`

/** One round of what a person receives, in bench:team's proportions (roughly). */
function round(seq: number): (string | Buffer)[] {
  const author = ONLINE[seq % ONLINE.length]!
  const meta = (state: string) => metaOf(author, state, `F${seq}`)
  const message = live(`live:channel:${CHANNEL}`, 'messages', 'INSERT', {
    id: randomUUID(),
    seq,
    body: `Something to say about the plan, with a few words more [t:${Date.now()}.123]`,
    author_id: author,
    parent_id: null,
    in_channel: true,
    mentions: [],
    channel_id: CHANNEL,
    attachments: [],
    created_at: new Date().toISOString(),
    edited_at: null,
    deleted_at: null,
    workspace_id: WORKSPACE,
  })
  const move = live(`live:workspace:${WORKSPACE}`, 'channels', 'UPDATE', {
    id: CHANNEL,
    kind: 'public',
    name: 'general',
    topic: '',
    last_seq: seq,
    archived_at: null,
    created_at: new Date().toISOString(),
    created_by: author,
    description: '',
    new_messages: [{ seq, mentions: [] }],
    workspace_id: WORKSPACE,
  })
  return [
    `[null,null,"realtime:workspace:${WORKSPACE}","presence_diff",{"joins":{},"leaves":{"${author}":${meta('active')}}}]`,
    `[null,null,"realtime:workspace:${WORKSPACE}","presence_diff",{"joins":{"${author}":${meta('away')}},"leaves":{}}]`,
    move,
    message,
    userBroadcast(`realtime:channel:${CHANNEL}`, 'typing', { user_id: author, typing: true }),
  ]
}

const STAMP = /\[t:([\d.]+)\]$/
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZSJ9.c2ln'
const topics = (me: string) => [
  `live:user:${me}`,
  `live:workspace:${WORKSPACE}`,
  `live:channel:${CHANNEL}`,
  `channel:${CHANNEL}`,
]

async function runClient(kind: string, url: string): Promise<void> {
  let received = 0
  const joining = process.cpuUsage()
  const joined: Promise<void>[] = []
  for (let i = 0; i < people; i++) {
    const me = randomUUID()
    if (kind === 'raw') {
      const socket = new PersonSocket(PersonSocket.url(url, 'key'), () => TOKEN)
      for (const name of [...topics(me), `workspace:${WORKSPACE}`]) {
        joined.push(
          new Promise((resolve) =>
            socket.join(name, name.startsWith('workspace:') ? { presenceKey: me } : {}, {
              onStatus: (status) => status === 'SUBSCRIBED' && resolve(),
              onText: (text, header) => {
                received++
                if (header.topic.startsWith('realtime:live:channel:')) scanLiveMessage(text, me)
                else if (header.topic.startsWith('realtime:live:') && recordIdOf(text) !== me)
                  liveChangeOf(text, header)
              },
              onBinary: () => received++,
            })
          )
        )
      }
    } else {
      const client = createClient(url, 'key', {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: (await import('ws')).default as never },
        accessToken: async () => TOKEN,
      })
      await client.realtime.setAuth()
      const sub = (channel: ReturnType<typeof client.channel>) =>
        joined.push(
          new Promise((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()))
        )
      for (const name of topics(me)) {
        sub(
          client
            .channel(name, { config: { private: true } })
            .on(
              'broadcast',
              { event: '*' },
              (message: { payload?: { record?: { body?: unknown } } }) => {
                received++
                STAMP.exec(String(message.payload?.record?.body))
              }
            )
        )
      }
      sub(
        client
          .channel(`workspace:${WORKSPACE}`, { config: { private: true, presence: { key: me } } })
          .on('presence', { event: 'sync' }, () => received++)
      )
    }
  }
  await Promise.all(joined)
  const joinUsed = process.cpuUsage(joining)
  process.send?.({ type: 'joined', joinMs: (joinUsed.user + joinUsed.system) / 1000 })
  process.on('message', (m: { type: string }) => {
    if (m.type === 'start') {
      received = 0
      const cpu = process.cpuUsage()
      const began = performance.now()
      process.once('message', () => {
        const used = process.cpuUsage(cpu)
        process.send?.({
          type: 'done',
          received,
          cpuMs: (used.user + used.system) / 1000,
          ms: performance.now() - began,
        })
        setTimeout(() => process.exit(0), 200)
      })
    }
  })
}

async function runServer(): Promise<void> {
  const sockets = new Set<WebSocket>()
  const state = presenceState()
  const server = new WebSocketServer({ port: 0, perMessageDeflate: false })
  server.on('connection', (ws) => {
    sockets.add(ws)
    ws.on('message', (data, isBinary) => {
      if (isBinary) return
      const text = data.toString()
      const header = scanHeader(text)
      if (!header) return
      const reply = (response: object) =>
        ws.send(
          textFrame(header.joinRef, header.ref, header.topic, 'phx_reply', {
            status: 'ok',
            response,
          })
        )
      if (header.event === 'phx_join') {
        reply({ postgres_changes: [] })
        if (header.topic.startsWith('realtime:workspace:'))
          ws.send(
            `[${JSON.stringify(header.joinRef)},null,"${header.topic}","presence_state",${state}]`
          )
      } else reply({})
    })
  })
  await new Promise((resolve) => server.once('listening', resolve))
  const port = (server.address() as { port: number }).port
  const results: Record<string, unknown> = {}
  for (const kind of ['supabase-js', 'raw']) {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--client', kind, '--url', `http://127.0.0.1:${port}`, '--people', String(people)],
      {
        execArgv: [
          '--import',
          'tsx',
          ...(process.env.FRAMES_PROF
            ? ['--cpu-prof', '--cpu-prof-dir', process.env.FRAMES_PROF]
            : []),
        ],
      }
    )
    const { joinMs } = await new Promise<{ joinMs: number }>((resolve) =>
      child.once('message', resolve as never)
    )
    const done = new Promise<{ received: number; cpuMs: number; ms: number }>((resolve) =>
      child.on('message', (m: { type: string }) => m.type === 'done' && resolve(m as never))
    )
    child.send({ type: 'start' })
    const perPerson = Number(values.rate)
    const end = Date.now() + Number(values.seconds) * 1000
    let seq = 0
    // Every 100 ms a round to a share of the people, so that each gets `rate` frames a second.
    const list = [...sockets]
    while (Date.now() < end) {
      const frames = round(++seq)
      const share = Math.ceil((list.length * perPerson) / frames.length / 10)
      for (let i = 0; i < share; i++) {
        const ws = list[(seq * share + i) % list.length]!
        for (const f of frames) ws.send(f)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    child.send({ type: 'stop' })
    const result = await done
    results[kind] = result
    console.log(
      `${kind.padEnd(12)} ${people} people: ${result.received} frames in ${(result.ms / 1000).toFixed(1)} s, ` +
        `client CPU ${result.cpuMs.toFixed(0)} ms: ${((result.cpuMs * 1000) / result.received).toFixed(1)} µs a frame; ` +
        `joining (5 topics each, a presence_state of ${people}): ${joinMs.toFixed(0)} ms`
    )
    await new Promise((resolve) => child.once('exit', resolve))
    for (const ws of sockets) ws.terminate()
    sockets.clear()
  }
  server.close()
}

if (values.client) await runClient(values.client, values.url!)
else {
  console.log(`load average ${(await import('node:os')).loadavg()[0]!.toFixed(2)}`)
  await runServer()
  process.exit(0)
}
