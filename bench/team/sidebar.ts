// What one person's tab does with the live events of its sidebar's topics, as the app does
// (app/src: useWorkspaceLive, the channel list's live patches in channels/data/channel-live.ts,
// live-mentions.ts, the notifier's mayAlert): a channel's move and my membership's change are
// applied to the sidebar, nothing fetched, but for a gap. The requests it makes go through the
// person's client (person.ts), counted as theirs.
import type { SupabaseClient } from '@supabase/supabase-js'
import { RATES } from './profile.ts'
import type { Person } from './profile.ts'

export interface LiveChange {
  table: string
  operation: string
  record: Record<string, unknown>
}

/** The person's requests, counted by name. */
export interface Requests {
  rpc(name: string, args: Record<string, unknown>): Promise<unknown>
  select(
    name: string,
    query: () => PromiseLike<{ error: { message: string } | null; status: number }>
  ): Promise<unknown>
}

export class SimulatedSidebar {
  /** The sidebar's last seq per channel of mine, as the notifier compares them. */
  private readonly seen = new Map<string, number>()
  /** What the channels' moves said of their new messages: seq -> mentions (null: too many). */
  private readonly summaries = new Map<string, Map<number, string[] | null>>()
  private refetchTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly person: Person,
    private readonly client: SupabaseClient,
    private readonly requests: Requests
  ) {}

  /** The channel list as channel_list returned it. */
  load(list: { id: string; last_seq: number }[]): void {
    for (const row of list) this.seen.set(row.id, Number(row.last_seq))
  }

  /** Whether the channel is in my sidebar. */
  holds(id: string): boolean {
    return this.seen.has(id)
  }

  close(): void {
    clearTimeout(this.refetchTimer)
  }

  /** My topic: my memberships (reads with my counts) and my private channels' moves. */
  onMine(change: LiveChange): void {
    if (change.table === 'channels') {
      this.onChannelMove(change)
      return
    }
    if (change.table !== 'channel_members') return
    const id = change.record.channel_id as string
    // Applied to the sidebar; a read of a channel it does not hold is a gap (the list fetched).
    if (change.operation === 'DELETE') this.seen.delete(id)
    else if (this.seen.has(id)) {
      this.seen.set(id, Math.max(this.seen.get(id)!, Number(change.record.last_seq ?? 0)))
    } else if (change.record.channel) this.seen.set(id, Number(change.record.last_seq ?? 0))
    else this.refetch()
  }

  onWorkspace(change: LiveChange): void {
    if (change.table === 'channels') this.onChannelMove(change)
  }

  private onChannelMove(change: LiveChange): void {
    if (change.operation !== 'UPDATE') return
    const record = change.record
    const id = record.id as string
    const seq = Number(record.last_seq)
    const listed = record.new_messages as { seq: number; mentions: string[] | null }[] | null
    if (Array.isArray(listed)) {
      const kept = this.summaries.get(id) ?? new Map<number, string[] | null>()
      for (const m of listed) kept.set(Number(m.seq), m.mentions)
      for (const old of kept.keys()) if (old <= seq - 50) kept.delete(old)
      this.summaries.set(id, kept)
    }
    const before = this.seen.get(id)
    if (before === undefined) {
      // Not in my sidebar: a public channel I am not in is none of its business.
      if (record.kind !== 'public') this.refetch()
      return
    }
    if (seq <= before) return
    this.seen.set(id, seq)
    const moved = this.movedSummaries(id, before, seq)
    if (id !== this.person.open && (moved === null || moved.some((m) => m === null))) {
      // The sidebar's mention count over a gap (channels/data/live-mentions.ts).
      void this.requests.select('messages (mentions)', () =>
        this.client
          .from('messages')
          .select('seq')
          .eq('channel_id', id)
          .gt('seq', before)
          .lte('seq', seq)
          .eq('in_channel', true)
          .is('deleted_at', null)
          .contains('mentions', [this.person.id])
      )
    }
    const mayAlert = moved === null || moved.some((m) => m === null || m.includes(this.person.id))
    if (this.person.notifications && mayAlert) {
      void this.requests.rpc('message_page', { p_channel_id: id, p_after_seq: before, p_limit: 20 })
    }
  }

  /** The mentions of each message after `before` up to `seq`, or null if one is not known. */
  private movedSummaries(id: string, before: number, seq: number): (string[] | null)[] | null {
    const kept = this.summaries.get(id)
    const moved: (string[] | null)[] = []
    for (let s = before + 1; s <= seq; s++) {
      if (!kept?.has(s)) return null
      moved.push(kept.get(s)!)
    }
    return moved
  }

  /** A gap in the sidebar: the channel list is fetched again 250 ms later (useWorkspaceLive). */
  private refetch(): void {
    clearTimeout(this.refetchTimer)
    this.refetchTimer = setTimeout(() => {
      void this.requests.rpc('channel_list', { p_workspace_id: this.person.workspaceId })
    }, RATES.refetchAfterMs)
  }
}
