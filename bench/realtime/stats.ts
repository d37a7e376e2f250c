// Percentiles for printing, and the processes' memory (from bench/support).

export function percentile(values: Float64Array | number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = Float64Array.from(values).sort()
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}

export function format(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-'
}

export { rssMb, treeMemory } from '../support/processes.ts'
