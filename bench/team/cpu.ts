// CPU time of process trees from /proc: utime + stime of each member plus cutime + cstime (the
// children it has reaped: PostgreSQL's ended backends count in the postmaster's), so that a
// difference between two readings is what the tree used in between, ended processes included.
import { readdir, readFile } from 'node:fs/promises'

const TICKS_PER_SECOND = 100

async function parents(): Promise<Map<number, number>> {
  const map = new Map<number, number>()
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    if (stat) map.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
  }
  return map
}

/** The pids of these processes and all their descendants. */
export async function treeOf(roots: number[]): Promise<number[]> {
  const parentOf = await parents()
  const tree = new Set(roots)
  for (let grew = true; grew;) {
    grew = false
    for (const [child, parent] of parentOf) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child)
        grew = true
      }
    }
  }
  return [...tree]
}

/** CPU seconds used so far by these processes and their descendants (reaped ones included). */
export async function treeCpuSeconds(roots: number[]): Promise<number> {
  let ticks = 0
  for (const pid of await treeOf(roots)) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    if (!stat) continue
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime, stime, cutime, cstime are fields 14-17 of stat: 11-14 after the state field.
    for (const index of [11, 12, 13, 14]) ticks += Number(fields[index] ?? 0)
  }
  return ticks / TICKS_PER_SECOND
}

/** The 1-minute load average. */
export async function loadAverage(): Promise<number> {
  return Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0])
}
