// The REST benchmark's in-process load: a call made back to back by a number of concurrent
// callers for some seconds (requests per second, p50 and p99 latency), and the mean of rounds.

export interface Measured {
  rps: number
  p50: number
  p99: number
}

/** `once` back to back from `connections` callers for `seconds`. */
export async function drive(
  connections: number,
  seconds: number,
  once: () => Promise<unknown>
): Promise<Measured> {
  const latencies: number[] = []
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now()
        await once()
        latencies.push(performance.now() - started)
      }
    })
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) }
}

export /** Mean of the rounds (each round runs equally long). */
function combine(rounds: Measured[]): Measured {
  const mean = (pick: (m: Measured) => number) =>
    rounds.reduce((sum, m) => sum + pick(m), 0) / rounds.length
  return { rps: mean((m) => m.rps), p50: mean((m) => m.p50), p99: mean((m) => m.p99) }
}
