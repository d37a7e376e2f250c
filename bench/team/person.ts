// One person with Chorus open in a browser tab, as the app behaves (app/src), over one
// supabase-js client (its own WebSocket, the person's JWT):
// - topics: live:user:<me> and live:workspace:<ws> (useWorkspaceLive, shared with the statuses,
//   threads, saved and notifier hooks through lib/live.ts), live:channel:<open> (the open
//   channel's messages), workspace:<ws> with presence tracked (usePresence), channel:<open> for
//   typing (useTyping); all private.
// - opening: my_workspaces, channel_list, message_page (the latest 50 of the open channel); while
//   active, what it shows (the channel's history, unread) is seen 400 ms later and marked read,
//   as the app marks at once what a view shows when nothing was marked in it yet.
// - a live message in the open channel: shown; a seq gap is caught up (message_page after the
//   last seq held); while active (tab visible) the newest is seen 400 ms after it arrived and
//   marked read (useReadWhileVisible's pace): the first seen, a mention of me, or when the last
//   mark is 5 minutes old, else when 5 minutes have passed or the tab is hidden; none for my own
//   message (the server moves my read position); the channel_members update comes back on my
//   topic with my counts and is applied to the sidebar (nothing fetched).
// - a channel's last_seq moving on the workspace topic: applied to the sidebar when the channel
//   is mine, with the mentions of me counted from the messages the event lists (fetched only
//   over a gap: countNewMentions); nothing for a public channel I am not in. The list is fetched
//   only when a change of a channel it should hold finds none there (channel_list). With
//   notifications allowed, the notifier fetches the new messages of a moved channel of mine
//   (message_page after the seq seen before) only when the event's list of them has one that
//   may alert (a mention of me, at the default level) or does not cover the move.
// - active: types for a few seconds before each message (a typing broadcast every 2 s, one
//   "stopped" after the send), sends with rpc('send_message'), goes away and back now and then
//   (presence untrack + track); an uploader also posts a 1-5 MB file to Storage's attachments
//   bucket and sends a message with it.
// - the mix of a real team while active (mix.ts, actions.ts); the opening timed as the sign-in.
import { createClient } from '@supabase/supabase-js'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { uploadAttachment } from './attachment-upload.ts'
import { runMix, typeAndSend } from './actions.ts'
import type { ActionContext } from './actions.ts'
import { JOIN_LIMIT, RATES, exponentialMs, now, pause, reconnectAfterMs } from './profile.ts'
import type { Person } from './profile.ts'
import { recordedRpc, recordedSelect } from './recorder.ts'
import type { Recorder } from './recorder.ts'
import { SimulatedSidebar } from './sidebar.ts'
import type { LiveChange } from './sidebar.ts'

const STAMP = /\[t:([\d.]+)\]$/

export class SimulatedPerson implements ActionContext {
  readonly client: SupabaseClient
  private lastSeq = 0
  /** The sidebar and the notifier: what the tab does with its live events (sidebar.ts). */
  private readonly sidebar: SimulatedSidebar
  private markTimer: NodeJS.Timeout | undefined
  private dueTimer: NodeJS.Timeout | undefined
  /** The read position: marked (or moved by my send), and seen here. */
  private markedSeq = 0
  private markedAt = 0
  private seenSeq = 0
  running = false
  /** The loops' pauses under way (profile.ts pause), which stop() ends at once. */
  readonly pauses = new Set<() => void>()
  private loops: Promise<void>[] = []
  private refusals = 0 // joins refused for the rate in a row: reconnections wait as the app's
  typing: RealtimeChannel | null = null
  private presence: RealtimeChannel | null = null
  away: boolean
  /** The open channel's latest top-level messages (ids), what replies and reactions go to. */
  recent: string[] = []
  statusSet = false

  constructor(
    readonly person: Person,
    apiUrl: string,
    anonKey: string,
    readonly recorder: Recorder
  ) {
    this.away = !person.active
    this.client = createClient(apiUrl, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: {
        transport: ws as never,
        reconnectAfterMs: (tries: number) => reconnectAfterMs(tries, this.refusals),
      },
      accessToken: async () => person.token,
    })
    this.sidebar = new SimulatedSidebar(person, this.client, {
      rpc: (name, args) => this.rpc(name, args),
      select: (name, query) => this.select(name, query),
    })
  }

  /** Opens the app: the first fetches, then the five topics joined (presence tracked). */
  async open(): Promise<void> {
    const { person, client } = this
    await this.rpc('my_workspaces', {})
    const list = (await this.rpc('channel_list', { p_workspace_id: person.workspaceId })) as
      { id: string; last_seq: number }[] | null
    this.sidebar.load(list ?? [])
    const page = (await this.rpc('message_page', { p_channel_id: person.open, p_limit: 50 })) as
      { id: string; seq: number }[] | null
    this.lastSeq = Math.max(0, ...(page ?? []).map((m) => Number(m.seq)))
    this.recent = (page ?? []).slice(-20).map((m) => m.id)
    if (!this.away && this.lastSeq > 0) {
      this.markTimer = setTimeout(() => {
        this.seenSeq = Math.max(this.seenSeq, this.lastSeq)
        this.markRead()
      }, RATES.markReadAfterMs)
    }

    await client.realtime.setAuth()
    const joins: Promise<void>[] = []
    const join = (channel: RealtimeChannel, onJoined?: () => void) =>
      joins.push(
        new Promise<void>((resolve, reject) => {
          channel.subscribe((status, error) => {
            if (status === 'SUBSCRIBED') {
              this.refusals = 0
              onJoined?.()
              resolve()
            } else if (status === 'CHANNEL_ERROR' && error?.message.startsWith(JOIN_LIMIT)) {
              // Refused for the rate: the socket closes and all rejoin after the back-off.
              this.refusals += 1
              this.recorder.call('join refused by the rate (joined again)', false)
            } else if ((status === 'CHANNEL_ERROR' && !this.refusals) || status === 'TIMED_OUT')
              reject(new Error(`${channel.topic}: ${status} ${error?.message ?? ''}`))
          })
        })
      )
    const live = (topic: string, onChange: (change: LiveChange) => void) =>
      join(
        client
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: '*' }, (message: { payload?: unknown }) => {
            this.recorder.receivedOne()
            const change = message.payload as LiveChange | undefined
            if (change && typeof change.table === 'string') onChange(change)
          })
      )
    live(`live:user:${person.id}`, (change) => this.sidebar.onMine(change))
    live(`live:workspace:${person.workspaceId}`, (change) => this.sidebar.onWorkspace(change))
    live(`live:channel:${person.open}`, (change) => this.onChannel(change))
    this.typing = client
      .channel(`channel:${person.open}`, { config: { private: true } })
      .on('broadcast', { event: 'typing' }, () => this.recorder.receivedOne())
    join(this.typing)
    const presence = client.channel(`workspace:${person.workspaceId}`, {
      config: { private: true, presence: { key: person.id } },
    })
    // Each presence_state or presence_diff frame ends in a sync. The app then reads the whole
    // state (presenceState(), which copies it: one browser's work, O(people) per frame); a
    // generator holding hundreds of people would do it hundreds of times per frame, which is
    // its own CPU, not the stack's (at 500 people it was 60% of the generators' time and starved
    // the stack of the cores): the frames still arrive and are decoded, the copy is left out.
    presence.on('presence', { event: 'sync' }, () => this.recorder.receivedOne())
    this.presence = presence
    join(presence, () => void this.track())
    await Promise.all(joins)
  }

  /** Starts behaving: an active person types and sends, goes away and back; uploads. */
  start(): void {
    this.running = true
    if (!this.person.active) return
    this.loops.push(this.every(RATES.sendEverySeconds, () => typeAndSend(this)))
    this.loops.push(this.every(RATES.presenceChangeEverySeconds, () => this.awayAndBack()))
    if (this.person.uploader)
      this.loops.push(this.every(RATES.uploadEverySeconds, () => this.upload()))
    this.loops.push(runMix(this))
  }

  /** Stops behaving and waits for what is under way. */
  async stop(): Promise<void> {
    this.running = false
    for (const end of [...this.pauses]) end()
    await Promise.all(this.loops)
    this.loops = []
  }

  async close(): Promise<void> {
    this.sidebar.close()
    clearTimeout(this.markTimer)
    clearTimeout(this.dueTimer)
    await this.client.removeAllChannels()
    this.client.realtime.disconnect()
  }

  private async every(meanSeconds: number, action: () => Promise<void>): Promise<void> {
    while (this.running) {
      await pause(exponentialMs(meanSeconds), this.pauses)
      if (this.running) await action()
    }
  }

  private rpc(name: string, args: Record<string, unknown>): Promise<unknown> {
    return recordedRpc(this.client, this.recorder, name, args)
  }

  private select(
    name: string,
    query: () => PromiseLike<{ error: { message: string } | null; status: number }>
  ): Promise<boolean> {
    return recordedSelect(this.recorder, name, query)
  }

  private async track(why = 'join'): Promise<void> {
    const began = now()
    const result = await this.presence?.track({
      user_id: this.person.id,
      online_at: new Date().toISOString(),
      state: this.away ? 'away' : 'active',
      dnd: false,
    })
    this.recorder.call(
      'presence track',
      result === 'ok',
      `${result} (${why}, ${Math.round(now() - began)} ms)`
    )
  }

  private async awayAndBack(): Promise<void> {
    this.away = !this.away
    // Hiding the page marks what was seen.
    if (this.away) this.markRead()
    await this.presence?.untrack()
    await this.track('away or back')
  }

  private async upload(): Promise<void> {
    const uploaded = await uploadAttachment(this.client, this.person, this.recorder)
    if (uploaded) await typeAndSend(this, [uploaded.attachment], uploaded.messageId)
  }

  private onChannel(change: LiveChange): void {
    const record = change.record
    if (change.table !== 'messages' || change.operation !== 'INSERT') return
    if (record.in_channel === false) return
    const receivedAt = now()
    if (!record.parent_id && typeof record.id === 'string') {
      this.recent.push(record.id)
      if (this.recent.length > 20) this.recent.shift()
    }
    if (record.author_id !== this.person.id) {
      const t = Number(STAMP.exec(String(record.body))?.[1])
      if (this.recorder.measured(t)) this.recorder.deliveries.push(receivedAt - t)
    }
    const seq = Number(record.seq)
    if (seq > this.lastSeq + 1) {
      void this.rpc('message_page', {
        p_channel_id: this.person.open,
        p_after_seq: this.lastSeq,
        p_limit: 50,
      })
    }
    this.lastSeq = Math.max(this.lastSeq, seq)
    if (this.away) return
    if (record.author_id === this.person.id) {
      // The server moved my read position to my message.
      this.markedSeq = Math.max(this.markedSeq, seq)
      this.markedAt = now()
      clearTimeout(this.dueTimer)
      this.dueTimer = undefined
      return
    }
    const forMe = Array.isArray(record.mentions) && record.mentions.includes(this.person.id)
    clearTimeout(this.markTimer)
    this.markTimer = setTimeout(() => {
      this.seenSeq = this.lastSeq
      const wait = this.markedAt + RATES.markReadEveryMs - now()
      if (this.markedSeq === 0 || wait <= 0 || forMe) this.markRead()
      else this.dueTimer ??= setTimeout(() => this.markRead(), wait)
    }, RATES.markReadAfterMs)
  }

  /** What was seen and not yet marked, marked (useReadWhileVisible's pace). */
  private markRead(): void {
    clearTimeout(this.dueTimer)
    this.dueTimer = undefined
    if (this.seenSeq <= this.markedSeq) return
    this.markedSeq = this.seenSeq
    this.markedAt = now()
    void this.rpc('mark_read', { p_channel_id: this.person.open, p_seq: this.seenSeq })
  }
}
