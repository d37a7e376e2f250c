// The harness of the outgoing events' tests (events.test.ts, events-retries.test.ts,
// events-security.test.ts): a real stack whose functions may reach loopback
// (CHORUS_OUTBOUND_ALLOW_LOOPBACK=1, the tests' setting; the functions run in this process and
// read its environment), the world of support/world.ts, a local receiver
// (support/events-receiver.ts), the cron job paused (the tests call events-deliver themselves),
// and helpers to subscribe, verify and read deliveries.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { startReceiver } from './events-receiver.ts'
import type { Received, Receiver } from './events-receiver.ts'
import { asRole, buildWorld } from './world.ts'
import type { Person, World } from './world.ts'
import { pauseJob } from './job-runs.ts'

const workdir = path.resolve(import.meta.dirname, '../../..')

export interface Sub {
  id: string
  secret: string
  url: string
}

export const ALL = ['message', 'reaction_added', 'member_joined_channel', 'team_join']

export interface Delivery {
  id: string
  event_id: string
  event_type: string
  status: string
  attempts: number
  last_status_code: number | null
  last_error: string | null
  next_attempt_at: Date
  last_attempt_at: Date | null
  payload: Record<string, unknown>
}

type Answer = { status: number; json: Record<string, unknown> }

export interface EventsHarness {
  stack: TestStack
  world: World
  receiver: Receiver
  subscribe(
    person: Person,
    kind: string,
    types?: string[],
    privateChannels?: string[]
  ): Promise<Sub>
  /** POST to events-deliver (the anon key, or the person's session). */
  callFunction(body: unknown, person?: Person): Promise<Answer>
  verify(sub: Pick<Sub, 'id'>, person?: Person): Promise<Answer>
  /** A subscription whose URL answered the challenge. */
  verified(person: Person, kind: string, types?: string[], channels?: string[]): Promise<Sub>
  deliveriesOf(sub: Pick<Sub, 'id'>): Promise<Delivery[]>
  /** The event_callback requests the receiver got at the subscription's URL. */
  requestsTo(sub: Pick<Sub, 'url'>): Received[]
}

/** Registers the suite's beforeAll/afterAll; the fields are set once beforeAll ran. */
export function eventsHarness(): EventsHarness {
  const h: EventsHarness = {
    stack: undefined as unknown as TestStack,
    world: undefined as unknown as World,
    receiver: undefined as unknown as Receiver,

    async subscribe(person: Person, kind: string, types = ALL, privateChannels: string[] = []) {
      const url = `${h.receiver.url}/${kind}/${randomUUID()}`
      const [row] = await asRole(
        h.stack.sql,
        person,
        (tx) => tx<{ id: string; secret: string }[]>`
          select * from public.create_event_subscription(${h.world.ws}, ${url}, ${types}, ${privateChannels})`
      )
      return { ...row!, url }
    },

    async callFunction(body: unknown, person?: Person) {
      const response = await fetch(`${h.stack.url}/functions/v1/events-deliver`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          apikey: h.stack.anonKey,
          Authorization: `Bearer ${person?.token ?? h.stack.anonKey}`,
        },
        body: JSON.stringify(body),
      })
      return { status: response.status, json: (await response.json()) as Record<string, unknown> }
    },

    verify: (sub: Pick<Sub, 'id'>, person: Person = h.world.people.admin) =>
      h.callFunction({ verify: sub.id }, person),

    async verified(person: Person, kind: string, types = ALL, channels: string[] = []) {
      const sub = await h.subscribe(person, kind, types, channels)
      expect((await h.verify(sub, person)).json).toEqual({ verified: true })
      return sub
    },

    deliveriesOf: async (sub: Pick<Sub, 'id'>) =>
      await h.stack.sql<Delivery[]>`
        select * from public.event_deliveries where subscription_id = ${sub.id} order by id`,

    requestsTo: (sub: Pick<Sub, 'url'>) =>
      h.receiver.at(new URL(sub.url).pathname).filter((r) => r.json.type === 'event_callback'),
  }
  const loopbackBefore = process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
  beforeAll(async () => {
    process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
    h.receiver = await startReceiver()
    h.stack = await startTestStack({ workdir })
    h.world = await buildWorld(h.stack)
    await pauseJob(h.stack, 'chorus-outgoing-events')
  }, 60_000)
  afterAll(async () => {
    if (loopbackBefore === undefined) delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
    else process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = loopbackBefore
    await h.stack?.stop()
    await h.receiver?.close()
  })
  return h
}
