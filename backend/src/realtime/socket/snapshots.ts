// Whether anything was committed in the database between two snapshots (pg_current_snapshot(),
// "xmin:xmax:xip,…"): a transaction that ended since the first is either one of its running
// transactions (xip) no longer running, or one that began after it (at or past its xmax) and is
// not running now. The re-check of private channels skips a round when the only such
// transactions are its own (its probes write, so each round has a transaction id): the rows the
// policies read are then the same, and so are their answers.

export interface Snapshot {
  xmin: bigint
  xmax: bigint
  xip: Set<bigint>
}

/** Past this many new transaction ids, something else surely ran: no need to look at each. */
const MAX_NEW_IDS = 1000n

export function parseSnapshot(text: string): Snapshot | null {
  const match = /^(\d+):(\d+):([\d,]*)$/.exec(text.trim())
  if (!match) return null
  const xip = new Set<bigint>()
  for (const id of (match[3] as string).split(',')) if (id !== '') xip.add(BigInt(id))
  return { xmin: BigInt(match[1] as string), xmax: BigInt(match[2] as string), xip }
}

/**
 * True when no transaction but `own` ended between `before` and `now` (aborted ones count as
 * ended: a snapshot cannot tell them from commits).
 */
export function nothingEndedSince(
  before: Snapshot,
  now: Snapshot,
  own: ReadonlySet<bigint>
): boolean {
  if (now.xmax < before.xmax || now.xmax - before.xmax > MAX_NEW_IDS) return false
  for (const id of before.xip) if (!now.xip.has(id) && !own.has(id)) return false
  for (let id = before.xmax; id < now.xmax; id++) {
    if (!now.xip.has(id) && !own.has(id)) return false
  }
  return true
}
