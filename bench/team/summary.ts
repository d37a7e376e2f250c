// One step's figures of bench:team (run.ts): what the load generators reported, summed, with the
// stack's CPU and memory, judged against the targets, and printed as a row of the table.
import { format, percentile } from '../realtime/stats.ts'
import type { Report } from './generator.ts'
import { ACTION_P99_LIMIT_MS, ERROR_RATE_LIMIT, MIX_PREFIX } from './mix.ts'

export const P99_LIMIT_MS = 100
export const CPU_LIMIT = 0.7
/** What the clients push over their WebSocket: counted as calls, not as REST calls. */
const WEBSOCKET_CALLS = new Set(['typing broadcast', 'presence track'])

/** One action's figures in a step (the mix, mix.ts). */
export interface ActionStats {
  action: string
  count: number
  errors: number
  p50: number
  p99: number
  max: number
}

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
  /** The mix's calls (mix.ts) per second, by call, largest first: not in restPerMessage. */
  mixCallsPerSecond: [string, number][]
  /** Realtime messages the clients received per second, every topic (hosted plans' unit). */
  receivedPerSecond: number
  stackCpu: number
  generatorCpu: number
  pssMb: number
  rssMb: number
  load: number
  failures: Map<string, number>
  /** The mix's actions, by action, and their failures over all actions. */
  actions: ActionStats[]
  errorRate: number
  /** What missed the targets (empty: passed). */
  missed: string[]
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
  const rest = [...byCall].filter(
    ([name]) => !WEBSOCKET_CALLS.has(name) && !name.startsWith(MIX_PREFIX)
  )
  const mixCalls = [...byCall].filter(([name]) => name.startsWith(MIX_PREFIX))
  const perMessage = (count: number) => (sent > 0 ? count / sent : 0)
  const failures = sum(reports.map((r) => r.failures))
  if (measured.failedOpen > 0) failures.set('open (REST + joins)', measured.failedOpen)
  const p99 = percentile(deliveries, 99)
  const times = new Map<string, number[]>()
  for (const [action, list] of reports.flatMap((r) => r.actions))
    times.set(action, (times.get(action) ?? []).concat(list))
  const actionErrors = sum(reports.map((r) => r.actionErrors))
  const actions = [...new Set([...times.keys(), ...actionErrors.keys()])].sort().map((action) => {
    const list = times.get(action) ?? []
    return {
      action,
      count: list.length + (actionErrors.get(action) ?? 0),
      errors: actionErrors.get(action) ?? 0,
      p50: percentile(list, 50),
      p99: percentile(list, 99),
      max: list.reduce((a, b) => Math.max(a, b), 0),
    }
  })
  const allActions = actions.reduce((total, a) => total + a.count, 0)
  const errorRate =
    allActions > 0 ? actions.reduce((total, a) => total + a.errors, 0) / allActions : 0
  const missed: string[] = []
  if (!(p99 < P99_LIMIT_MS)) missed.push(`delivery p99 ${format(p99, 1)} ms`)
  if (expected === 0) missed.push('no delivery expected')
  else if (deliveries.length < expected)
    missed.push(`${expected - deliveries.length} deliveries lost`)
  if (measured.failedOpen > 0) missed.push(`${measured.failedOpen} people could not open`)
  const slow = actions.filter((a) => a.count > a.errors && !(a.p99 < ACTION_P99_LIMIT_MS))
  if (slow.length > 0)
    missed.push(`action p99: ${slow.map((a) => `${a.action} ${format(a.p99)} ms`).join(', ')}`)
  if (errorRate > ERROR_RATE_LIMIT) missed.push(`errors ${format(errorRate * 100, 3)}%`)
  if (!(measured.stackCpu < CPU_LIMIT)) missed.push(`stack CPU ${format(measured.stackCpu * 100)}%`)
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
    mixCallsPerSecond: mixCalls
      .map(([name, count]): [string, number] => [name.slice(MIX_PREFIX.length), count / seconds])
      .sort((a, b) => b[1] - a[1]),
    receivedPerSecond: reports.reduce((total, r) => total + r.received, 0) / seconds,
    stackCpu: measured.stackCpu,
    generatorCpu: measured.generatorCpu,
    pssMb: measured.pssMb,
    rssMb: measured.rssMb,
    load: measured.load,
    failures,
    actions,
    errorRate,
    missed,
    passed: missed.length === 0,
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
  const mix = r.mixCallsPerSecond.map(([name, n]) => `${name} ${format(n, 2)}`).join(', ')
  console.log(`          the mix's calls per second (not per message): ${mix || 'none'}`)
  for (const [what, count] of r.failures) console.log(`          failed: ${count} x ${what}`)
  if (r.actions.length > 0) {
    console.log('          action              count  p50 ms  p99 ms  max ms  errors')
    for (const a of r.actions) {
      console.log(
        `          ${a.action.padEnd(17)} ${String(a.count).padStart(7)} ${format(a.p50, 1).padStart(7)} ` +
          `${format(a.p99, 1).padStart(7)} ${format(a.max, 1).padStart(7)} ${String(a.errors).padStart(7)}`
      )
    }
  }
  console.log(
    `          targets (delivery p99 < ${P99_LIMIT_MS} ms, no loss, every action p99 < ` +
      `${ACTION_P99_LIMIT_MS} ms, errors <= ${format(ERROR_RATE_LIMIT * 100, 3)}% (here ` +
      `${format(r.errorRate * 100, 3)}%), stack CPU < ${CPU_LIMIT * 100}%): ` +
      (r.passed ? 'met' : `missed: ${r.missed.join('; ')}`)
  )
}
