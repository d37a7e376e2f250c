// One step's figures of bench:team (run.ts): what the load generators reported, summed, with the
// stack's CPU and memory, judged against the targets, and printed as a row of the table.
import { format, percentile } from '../realtime/stats.ts'
import type { Report } from './generator.ts'

export const P99_LIMIT_MS = 100
export const CPU_LIMIT = 0.7
/** What the clients push over their WebSocket: counted as calls, not as REST calls. */
const WEBSOCKET_CALLS = new Set(['typing broadcast', 'presence track'])

export interface StepResult {
  people: number
  messagesPerSecond: number
  delivered: number
  expected: number
  p50: number
  p95: number
  p99: number
  callsPerSecond: number
  /** REST calls (RPCs, selects, uploads; not the WebSocket's pushes) per message sent. */
  restPerMessage: number
  /** The same by call, largest first. */
  restByCall: [string, number][]
  /** Realtime messages the clients received per second, every topic (hosted plans' unit). */
  receivedPerSecond: number
  stackCpu: number
  generatorCpu: number
  pssMb: number
  rssMb: number
  load: number
  failures: Map<string, number>
  passed: boolean
}

export function summarize(
  size: number,
  seconds: number,
  viewers: Map<string, number>,
  reports: Report[],
  measured: {
    stackCpu: number
    generatorCpu: number
    pssMb: number
    rssMb: number
    load: number
    failedOpen: number
  }
): StepResult {
  const deliveries = reports.flatMap((r) => r.deliveries)
  let sent = 0
  let expected = 0
  for (const report of reports) {
    for (const [channel, count] of report.sent) {
      sent += count
      expected += count * ((viewers.get(channel) ?? 1) - 1)
    }
  }
  const sum = (pairs: [string, number][][]) => {
    const total = new Map<string, number>()
    for (const [key, value] of pairs.flat()) total.set(key, (total.get(key) ?? 0) + value)
    return total
  }
  const byCall = sum(reports.map((r) => r.calls))
  const calls = [...byCall.values()].reduce((a, b) => a + b, 0)
  const rest = [...byCall].filter(([name]) => !WEBSOCKET_CALLS.has(name))
  const perMessage = (count: number) => (sent > 0 ? count / sent : 0)
  const failures = sum(reports.map((r) => r.failures))
  if (measured.failedOpen > 0) failures.set('open (REST + joins)', measured.failedOpen)
  const p99 = percentile(deliveries, 99)
  return {
    people: size,
    messagesPerSecond: sent / seconds,
    delivered: deliveries.length,
    expected,
    p50: percentile(deliveries, 50),
    p95: percentile(deliveries, 95),
    p99,
    callsPerSecond: calls / seconds,
    restPerMessage: perMessage(rest.reduce((total, [, count]) => total + count, 0)),
    restByCall: rest
      .map(([name, count]): [string, number] => [name, perMessage(count)])
      .sort((a, b) => b[1] - a[1]),
    receivedPerSecond: reports.reduce((total, r) => total + r.received, 0) / seconds,
    stackCpu: measured.stackCpu,
    generatorCpu: measured.generatorCpu,
    pssMb: measured.pssMb,
    rssMb: measured.rssMb,
    load: measured.load,
    failures,
    passed:
      p99 < P99_LIMIT_MS &&
      measured.stackCpu < CPU_LIMIT &&
      deliveries.length >= expected &&
      expected > 0 &&
      measured.failedOpen === 0,
  }
}

export function printRow(r: StepResult): void {
  const pct = (x: number) => `${format(x * 100)}%`
  console.log(
    `${String(r.people).padStart(7)} ${format(r.messagesPerSecond, 2).padStart(7)} ` +
      `${`${r.delivered}/${r.expected}`.padStart(13)} ${format(r.p50, 1).padStart(6)} ` +
      `${format(r.p95, 1).padStart(6)} ${format(r.p99, 1).padStart(6)} ` +
      `${format(r.callsPerSecond, 1).padStart(8)} ${format(r.restPerMessage, 2).padStart(8)} ` +
      `${format(r.receivedPerSecond).padStart(7)} ` +
      `${pct(r.stackCpu).padStart(6)} ` +
      `${pct(r.generatorCpu).padStart(6)} ${format(r.pssMb).padStart(6)} ${format(r.rssMb).padStart(6)} ` +
      `${format(r.load, 2).padStart(6)}  ${r.passed ? 'yes' : 'no'}`
  )
  const byCall = r.restByCall.map(([name, n]) => `${name} ${format(n, 2)}`).join(', ')
  console.log(`          REST calls per message: ${byCall || 'none'}`)
  for (const [what, count] of r.failures) console.log(`          failed: ${count} x ${what}`)
}
