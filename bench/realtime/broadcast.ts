// Broadcast: N clients on one channel, one more sending broadcasts at fixed rates as realtime-js
// sends them (kind-3 binary frames carrying the send time); each delivery's latency is measured
// from send to receipt. The same clients and sender then run against a bare ws fan-out server.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  BenchClient,
  paced,
  socketUrl,
  userBroadcast,
  userBroadcastPush,
  userToken,
} from './clients.ts'
import type { StackInfo } from './clients.ts'
import { percentile } from './stats.ts'

export interface Measured {
  deliveries: number
  expected: number
  deliveriesPerSecond: number
  p50: number
  p99: number
}

export interface BroadcastStep extends Measured {
  label: string
  baseline: Measured
}

const TOPIC = 'realtime:bench-broadcast'
const here = path.dirname(fileURLToPath(import.meta.url))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Rig {
  receivers: BenchClient[]
  send(seq: number): void
  close(): void
}

function recorder() {
  let latencies = new Float64Array(1 << 20)
  let count = 0
  let last = 0
  return {
    onData(frame: unknown[], receivedAt: number) {
      if (frame[3] !== 'broadcast') return
      const t = ((frame[4] as { payload: { t: number } }).payload ?? { t: 0 }).t
      if (count === latencies.length) {
        const bigger = new Float64Array(latencies.length * 2)
        bigger.set(latencies)
        latencies = bigger
      }
      latencies[count++] = receivedAt - t
      last = receivedAt
    },
    reset() {
      count = 0
    },
    get count() {
      return count
    },
    get last() {
      return last
    },
    sample() {
      return latencies.subarray(0, count)
    },
  }
}

async function run(
  rig: Rig,
  record: ReturnType<typeof recorder>,
  rate: number,
  seconds: number
): Promise<Measured> {
  record.reset()
  const total = rate * seconds
  const began = Date.now()
  for (let i = 0; i < total; i++) {
    const wait = began + (i * 1000) / rate - Date.now()
    if (wait > 0) await sleep(wait)
    rig.send(i)
  }
  const expected = total * rig.receivers.length
  const deadline = Date.now() + 10_000
  while (record.count < expected && Date.now() < deadline) await sleep(20)
  const elapsed = Math.max(0.001, (record.last - began) / 1000)
  const sample = record.sample()
  await sleep(300)
  return {
    deliveries: record.count,
    expected,
    deliveriesPerSecond: record.count / elapsed,
    p50: percentile(sample, 50),
    p99: percentile(sample, 99),
  }
}

async function stackRig(
  stack: StackInfo,
  receivers: number,
  record: ReturnType<typeof recorder>
): Promise<Rig> {
  const url = socketUrl(stack)
  const join = async () => {
    const client = await BenchClient.connect(url)
    const joinRef = await client.join(TOPIC, {
      config: {
        broadcast: { self: false, ack: false },
        presence: { key: '' },
        postgres_changes: [],
      },
      access_token: userToken(stack.jwtSecret, randomUUID()),
    })
    return { client, joinRef }
  }
  const joined = await paced(Array.from({ length: receivers }), 50, 400, join)
  for (const { client } of joined) client.onData = record.onData
  const sender = await join()
  return {
    receivers: joined.map((j) => j.client),
    send(seq) {
      const ref = sender.client.nextRef()
      sender.client.send(
        userBroadcastPush(sender.joinRef, ref, TOPIC, 'tick', { t: Date.now(), seq })
      )
    },
    close() {
      for (const { client } of joined) client.close()
      sender.client.close()
    },
  }
}

async function baselineRig(receivers: number, record: ReturnType<typeof recorder>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'baseline-ws-server.ts')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    }
  )
  const port = await new Promise<number>((resolve) =>
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())))
  )
  const url = `ws://127.0.0.1:${port}`
  const clients = await paced(Array.from({ length: receivers }), 50, 2000, () =>
    BenchClient.connect(url)
  )
  for (const client of clients) client.onData = record.onData
  const sender = await BenchClient.connect(url)
  const rig: Rig = {
    receivers: clients,
    send(seq) {
      sender.send(userBroadcast(TOPIC, 'tick', { t: Date.now(), seq }))
    },
    close() {
      for (const client of clients) client.close()
      sender.close()
    },
  }
  return {
    rig,
    async stop() {
      rig.close()
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

export async function broadcast(
  stack: StackInfo,
  options: { receivers: number; rates: number[]; seconds: number }
): Promise<{ receivers: number; steps: BroadcastStep[] }> {
  const ours = recorder()
  const rig = await stackRig(stack, options.receivers, ours)
  await run(rig, ours, 10, 1) // warm-up
  const results: Measured[] = []
  for (const rate of options.rates) results.push(await run(rig, ours, rate, options.seconds))
  rig.close()

  const base = recorder()
  const baseline = await baselineRig(options.receivers, base)
  await run(baseline.rig, base, 10, 1)
  const baselines: Measured[] = []
  for (const rate of options.rates)
    baselines.push(await run(baseline.rig, base, rate, options.seconds))
  await baseline.stop()

  return {
    receivers: options.receivers,
    steps: options.rates.map((rate, i) => ({
      label: `${rate} msgs/s`,
      ...(results[i] as Measured),
      baseline: baselines[i] as Measured,
    })),
  }
}
