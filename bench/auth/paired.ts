// The auth benchmark's measure: an operation against its baseline in alternating rounds, each
// round a number of concurrent workers for some seconds; rates (medians of the rounds) and
// latencies, and a table row comparing them.

export type Op = (worker: number) => Promise<void>

/** How long and how hard each figure is measured. */
export interface Rounds {
  seconds: number
  rounds: number
  concurrency: number
}

export interface Rate {
  perSecond: number
  p50: number
  p95: number
  count: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

/** One round: `op` from `concurrency` workers for `seconds`; its rate and latencies (ms). */
async function round(op: Op, latencies: number[], settings: Rounds): Promise<number> {
  const began = performance.now()
  const until = began + settings.seconds * 1000
  let count = 0
  await Promise.all(
    Array.from({ length: settings.concurrency }, async (_, worker) => {
      while (performance.now() < until) {
        const start = performance.now()
        await op(worker)
        latencies.push(performance.now() - start)
        count++
      }
    })
  )
  return count / ((performance.now() - began) / 1000)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Measures `op` and its baseline in alternating rounds (baseline, op, baseline, op, …), so that a
 * change in the machine's load during the run touches both alike; medians of the rounds' rates.
 */
export async function paired(
  baseline: Op,
  op: Op,
  settings: Rounds
): Promise<{ subject: Rate; baseline: Rate }> {
  for (let w = 0; w < settings.concurrency; w++) {
    await baseline(w)
    await op(w)
  }
  const rates = { baseline: [] as number[], subject: [] as number[] }
  const latencies = { baseline: [] as number[], subject: [] as number[] }
  for (let r = 0; r < settings.rounds; r++) {
    rates.baseline.push(await round(baseline, latencies.baseline, settings))
    rates.subject.push(await round(op, latencies.subject, settings))
  }
  const summarize = (which: 'baseline' | 'subject'): Rate => {
    const sorted = latencies[which].sort((a, b) => a - b)
    return {
      perSecond: median(rates[which]),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      count: sorted.length,
    }
  }
  return { subject: summarize('subject'), baseline: summarize('baseline') }
}

export function row(name: string, rate: Rate, baselineName: string, baseline: number): string {
  return `| ${name} | ${rate.perSecond.toFixed(0)} | ${rate.p50.toFixed(1)} | ${rate.p95.toFixed(1)} | ${baselineName} ${baseline.toFixed(0)}/s | ${(rate.perSecond / baseline).toFixed(2)} |`
}
