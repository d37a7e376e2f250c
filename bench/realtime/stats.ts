// Percentiles and the processes' memory, for printing.
import { readdir, readFile } from 'node:fs/promises'

export function percentile(values: Float64Array | number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = Float64Array.from(values).sort()
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}

export function format(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-'
}

/** RSS of one process (MB). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024
}

/** RSS and PSS (shared pages split) of a process and all its descendants (MB). */
export async function treeMemory(
  pid: number
): Promise<{ rssMb: number; pssMb: number; processes: number }> {
  const parents = new Map<number, number>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = new Set([pid])
  for (let grew = true; grew;) {
    grew = false
    for (const [child, parent] of parents) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child)
        grew = true
      }
    }
  }
  let rss = 0
  let pss = 0
  for (const member of tree) {
    try {
      const rollup = await readFile(`/proc/${member}/smaps_rollup`, 'utf8')
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
    } catch {
      // gone
    }
  }
  return { rssMb: rss / 1024, pssMb: pss / 1024, processes: tree.size }
}
