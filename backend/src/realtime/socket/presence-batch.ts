// Presence diffs of a topic merged and sent together, so that a join storm does not send one
// diff per join to every member (N joins to N members: N² frames). A topic's first change after
// a quiet spell goes out at once (on the next turn of the event loop, merged with the changes of
// the same turn); the changes after it are merged until the topic's period has passed since the
// last diff, then sent as one. The period grows with the topic's audience, 1 ms per member up to
// 1.5 s (Phoenix.Tracker's broadcast period, PRESENCE_BROADCAST_PERIOD_IN_MS on the real server,
// at which it sends the merged deltas of its other nodes): a topic's diffs cost at most about
// 1,000 frames a second whatever its size, and a small topic's are as prompt as before.
//
// Merging keeps what a client would end with after applying each diff in turn (Phoenix's
// syncDiff applies the joins, then the leaves, matching metas by phx_ref): a meta that joined and
// left within one batch is in neither; any other leave is kept, and so is every join.
import type { Meta, PresenceDiff } from './presence.ts'

/** The longest wait between two diffs of a topic (Phoenix.Tracker's broadcast_period). */
export const MAX_DIFF_PERIOD_MS = 1500
/** The wait per member of the topic, up to the longest. */
export const DIFF_PERIOD_MS_PER_MEMBER = 1

export function diffPeriodMs(audience: number): number {
  return Math.min(MAX_DIFF_PERIOD_MS, Math.max(0, audience) * DIFF_PERIOD_MS_PER_MEMBER)
}

interface Entry {
  key: string
  meta: Meta
}

interface TopicBatch {
  /** Metas joined since the last diff, by phx_ref, in order. */
  joins: Map<string, Entry>
  /** Metas announced before that left since the last diff, by phx_ref. */
  leaves: Map<string, Entry>
  timer: NodeJS.Timeout | NodeJS.Immediate | null
  /** The timer is an immediate (the topic was quiet), not a timeout. */
  immediate: boolean
  /** When the topic's last diff was sent (performance.now()), -Infinity for never. */
  lastSent: number
}

export class PresenceBatches {
  private readonly batches = new Map<string, TopicBatch>()

  constructor(
    /** Sends a topic's merged diff to its members. */
    private readonly deliver: (key: string, diff: PresenceDiff) => void,
    /** The topic's period between diffs, in ms. */
    private readonly periodOf: (key: string) => number,
    private readonly now: () => number = () => performance.now()
  ) {}

  add(key: string, diff: PresenceDiff): void {
    let batch = this.batches.get(key)
    if (!batch) {
      batch = {
        joins: new Map(),
        leaves: new Map(),
        timer: null,
        immediate: false,
        lastSent: -Infinity,
      }
      this.batches.set(key, batch)
    }
    for (const [presenceKey, { metas }] of Object.entries(diff.leaves)) {
      for (const meta of metas) {
        const ref = String(meta.phx_ref)
        // Joined within this batch: nobody has heard of it, so nobody needs to hear it left.
        if (!batch.joins.delete(ref)) batch.leaves.set(ref, { key: presenceKey, meta })
      }
    }
    for (const [presenceKey, { metas }] of Object.entries(diff.joins)) {
      for (const meta of metas) batch.joins.set(String(meta.phx_ref), { key: presenceKey, meta })
    }
    if (batch.timer) return
    const wait = batch.lastSent + this.periodOf(key) - this.now()
    const target = batch
    batch.immediate = wait <= 0
    if (batch.immediate) batch.timer = setImmediate(() => this.flush(key, target))
    else batch.timer = setTimeout(() => this.flush(key, target), Math.ceil(wait)).unref()
  }

  /** Forgets a topic nobody is on any more (its pending diff has no one to go to). */
  forget(key: string): void {
    const batch = this.batches.get(key)
    if (!batch) return
    clearBatchTimer(batch)
    this.batches.delete(key)
  }

  /** Whether a diff of the topic is waiting to be sent (tests). */
  pending(key: string): boolean {
    return this.batches.get(key)?.timer != null
  }

  private flush(key: string, batch: TopicBatch): void {
    batch.timer = null
    if (this.batches.get(key) !== batch) return
    if (batch.joins.size === 0 && batch.leaves.size === 0) return
    const diff: PresenceDiff = { joins: group(batch.joins), leaves: group(batch.leaves) }
    batch.joins.clear()
    batch.leaves.clear()
    batch.lastSent = this.now()
    this.deliver(key, diff)
  }
}

function group(entries: Map<string, Entry>): Record<string, { metas: Meta[] }> {
  const grouped: Record<string, { metas: Meta[] }> = {}
  for (const { key, meta } of entries.values()) (grouped[key] ??= { metas: [] }).metas.push(meta)
  return grouped
}

function clearBatchTimer(batch: TopicBatch): void {
  const { timer } = batch
  if (!timer) return
  if (batch.immediate) clearImmediate(timer as NodeJS.Immediate)
  else clearTimeout(timer as NodeJS.Timeout)
  batch.timer = null
}
