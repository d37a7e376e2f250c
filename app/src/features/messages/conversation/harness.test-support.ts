import { memoryStore } from '../../../lib/local-store.ts'
import type { KeyValueStore } from '../../../lib/local-store.ts'
import { LiveChannel } from './live-channel.ts'
import { Outbox } from './outbox.ts'
import {
  FakeConnectivity,
  FakeServer,
  FakeTransport,
  ManualTimers,
} from './fake-transport.test-support.ts'

export function harness(options: { seed?: number; store?: KeyValueStore; pageSize?: number } = {}) {
  const server = new FakeServer()
  server.seed(options.seed ?? 0)
  const transport = new FakeTransport(server)
  const connectivity = new FakeConnectivity()
  const timers = new ManualTimers()
  const store = options.store ?? memoryStore()
  let ids = 0
  const make = () =>
    new LiveChannel({
      channelId: 'c1',
      userId: 'me',
      transport,
      outbox: new Outbox(store, 'me'),
      connectivity,
      timers,
      newId: () => `local-${++ids}`,
      pageSize: options.pageSize ?? 10,
    })
  const channel = make()
  return { server, transport, connectivity, timers, store, channel, make }
}

export function bodies(channel: LiveChannel): string[] {
  return channel.getSnapshot().messages.map((m) => m.body)
}

export function seqs(channel: LiveChannel): number[] {
  return channel.getSnapshot().messages.map((m) => m.seq)
}
