// The set-up of push-notify.test.ts: a push service in this process (e2e/support/web-push-service
// .ts) on loopback, which the function's outbound guard allows with the test setting; a stack with
// the matrix's world, the push job every second and no delay; no device or push left from the
// test before; a device registered for a person, the pushes it got (decrypted and VAPID-checked)
// and waiting until nothing is queued or in flight.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import {
  checkVapid,
  decryptPush,
  makeDeviceKeys,
  startPushService,
} from '../../../e2e/support/web-push-service.ts'
import type { DeviceKeys, PushService } from '../../../e2e/support/web-push-service.ts'
import { asRole, buildWorld } from './world.ts'
import type { Person, World } from './world.ts'

export interface Device extends DeviceKeys {
  id: string
  path: string
  endpoint: string
}

export interface WebPushStack {
  stack: TestStack
  world: World
  service: PushService
  /** The function's VAPID public key. */
  serverKey: string
  device: (person: Person, name?: string) => Promise<Device>
  /** What the push service got for the device. */
  to: (d: Device) => PushService['received']
  /** The message pushes a device got (not the silent "read" ones). */
  messagesTo: (d: Device) => Record<string, unknown>[]
  /** The pushes a device got, decrypted (each VAPID-checked against the server's key). */
  pushesOf: (d: Device) => Record<string, unknown>[]
  /** Waits until the queue holds nothing for the person and pg_net has nothing in flight. */
  settled: (person: Person) => Promise<void>
}

/** Registers the file's hooks (beforeEach clears devices and pushes); fields set once they ran. */
export function useWebPushStack(): WebPushStack {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = {} as WebPushStack
  beforeAll(async () => {
    process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
    process.env.APP_URL = 'https://chorus.test'
    t.service = await startPushService()
    t.stack = await startTestStack({ workdir })
    t.world = await buildWorld(t.stack)
    await t.stack.sql`
    select cron.alter_job(jobid, schedule => '1 seconds') from cron.job where jobname = 'chorus-push'`
    await t.stack.sql`
    insert into private.notification_config (name, value) values ('push_delay_seconds', '0')
    on conflict (name) do update set value = excluded.value`
    const answer = await fetch(`${t.stack.url}/functions/v1/push-notify`)
    t.serverKey = ((await answer.json()) as { public_key: string }).public_key
  }, 90_000)

  afterAll(async () => {
    await t.stack?.stop()
    await t.service?.close()
    delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
    delete process.env.APP_URL
  })

  beforeEach(async () => {
    await t.stack.sql`delete from public.push_subscriptions`
    await t.stack.sql`delete from private.push_unread`
    t.service.received.length = 0
  })

  t.device = async function device(person: Person, name = 'Phone'): Promise<Device> {
    const keys = makeDeviceKeys()
    const devicePath = `/push/${randomUUID()}`
    const endpoint = `${t.service.url}${devicePath}`
    const [row] = await asRole(
      t.stack.sql,
      person,
      (tx) =>
        tx<{ id: string }[]>`select id from public.register_push_subscription(${endpoint},
        ${keys.p256dh}, ${keys.auth}, ${name})`
    )
    return { ...keys, id: row!.id, path: devicePath, endpoint }
  }

  t.to = (d: Device) => t.service.received.filter((r) => r.path === d.path)

  t.messagesTo = (d: Device) => t.pushesOf(d).filter((p) => p.type === 'message')

  t.pushesOf = function pushesOf(d: Device): Record<string, unknown>[] {
    return t
      .to(d)
      .filter((r) => r.status === 201)
      .map((r) => {
        expect(checkVapid(r.headers.authorization as string, t.service.url)).toBe(t.serverKey)
        expect(r.headers['content-encoding']).toBe('aes128gcm')
        return JSON.parse(decryptPush(r.body, d)) as Record<string, unknown>
      })
  }

  t.settled = async function settled(person: Person): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await t.stack.sql`
          select (select count(*) from private.push_queue where user_id = ${person.id}
              and failed_at is null)
            + (select count(*) from net.http_request_queue) as n`
          )[0]!.n,
        { timeout: 30_000, interval: 200 }
      )
      .toBe('0')
    // Every request taken has its answer written: the pushes it made are in.
    await t.stack.settled()
  }
  return t
}
