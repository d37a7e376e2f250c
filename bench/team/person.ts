// One person with Chorus open in a browser tab, as the app behaves (app/src): its REST calls
// through a supabase-js client with the person's JWT (postgrest-js and storage-js, as the app's
// parts), its Realtime over a raw socket of its own speaking realtime-js's frames (socket.ts,
// phoenix.ts: the same joins, heartbeats, pushes and rejoins the server sees from the app, at a
// fraction of the generator's CPU):
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
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { uploadAttachment } from './attachment-upload.ts'
import { runMix, typeAndSend } from './actions.ts'
import type { ActionContext, TypingTopic } from './actions.ts'
import { liveChangeOf, liveMessageOf, recordIdOf, scanLiveMessage } from './phoenix.ts'
import type { Header, LiveMessage } from './phoenix.ts'
import { JOIN_LIMIT, RATES, exponentialMs, now, pause } from './profile.ts'
import type { Person } from './profile.ts'
import { recordedRpc, recordedSelect } from './recorder.ts'
import type { Recorder } from './recorder.ts'
import { SimulatedSidebar } from './sidebar.ts'
import { PersonSocket } from './socket.ts'
import type { TopicStatus } from './socket.ts'

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
  /** The tab's Realtime socket (socket.ts). */
  private readonly socket: PersonSocket
  typing: TypingTopic | null = null
  private readonly presenceTopic: string
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
    // REST and Storage only: its Realtime client is never connected (the socket below is).
    this.client = createClient(apiUrl, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
      accessToken: async () => person.token,
    })
    this.socket = new PersonSocket(PersonSocket.url(apiUrl, anonKey), () => person.token)
    this.presenceTopic = `workspace:${person.workspaceId}`
    this.sidebar = new SimulatedSidebar(person, this.client, {
      rpc: (name, args) => this.rpc(name, args),
      select: (name, query) => this.select(name, query),
    })
  }

  /** Opens the app: the first fetches, then the five topics joined (presence tracked). */
  async open(): Promise<void> {
    const { person } = this
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

    const { socket } = this
    const joins: Promise<void>[] = []
    /** A topic joined; the opening waits for its first join (a refusal for the rate is joined
     * again after the back-off; another error or a join's timeout fails the opening). */
    const join = (
      name: string,
      handlers: {
        onText?: (text: string, header: Header, receivedAt: number) => void
        onBinary?: (event: string) => void
      },
      options: { presenceKey?: string } = {},
      onJoined?: () => void,
      live = false
    ) =>
      joins.push(
        new Promise<void>((resolve, reject) => {
          const onStatus = (status: TopicStatus, reason: string) => {
            if (status === 'SUBSCRIBED') {
              onJoined?.()
              resolve()
            } else if (status === 'CHANNEL_ERROR' && reason.startsWith(JOIN_LIMIT)) {
              this.recorder.call('join refused by the rate (joined again)', false)
            } else if ((status === 'CHANNEL_ERROR' && !socket.refusals) || status === 'TIMED_OUT')
              reject(new Error(`realtime:${name}: ${status} ${reason}`))
          }
          socket.join(name, options, { ...handlers, onStatus }, live)
        })
      )
    /** A live topic (lib/live.ts): the database's broadcasts of changes; joined again after the
     * server closed it, as joinLive does. */
    const live = (name: string, onFrame: (text: string, header: Header, at: number) => void) =>
      join(
        name,
        {
          onText: (text, header, at) => {
            if (header.event === 'system') return
            this.recorder.receivedOne()
            onFrame(text, header, at)
          },
        },
        {},
        undefined,
        true
      )
    live(`live:user:${person.id}`, (text, header) => {
      const change = liveChangeOf(text, header)
      if (change) this.sidebar.onMine(change)
    })
    live(`live:workspace:${person.workspaceId}`, (text, header) => {
      // Only a channel's move matters to the sidebar, and not that of a public channel it does
      // not hold: those are passed over without parsing them.
      if (!text.includes('"table": "channels"')) return
      const id = recordIdOf(text)
      if (id && !this.sidebar.holds(id) && text.includes('"kind": "public"')) return
      const change = liveChangeOf(text, header)
      if (change) this.sidebar.onWorkspace(change)
    })
    live(`live:channel:${person.open}`, (text, header, at) => {
      // The open channel's messages, read by string search (a delivery is timed from the frame's
      // arrival); a frame that is not read so is parsed.
      const message =
        scanLiveMessage(text, person.id) ?? liveMessageOf(liveChangeOf(text, header), person.id)
      if (message) this.onMessage(message, at)
    })
    const typingTopic = `channel:${person.open}`
    join(typingTopic, { onBinary: (event) => event === 'typing' && this.recorder.receivedOne() })
    this.typing = {
      get state() {
        return socket.state(typingTopic)
      },
      send: async ({ event, payload }) => socket.broadcast(typingTopic, event, payload),
    }
    // Presence (usePresence: tracked on each join). Each presence_state or presence_diff frame
    // ends in a sync, on which the app copies the whole state (presenceState(), one browser's
    // work, O(people) per frame); a generator holding hundreds of people would do it hundreds of
    // times per frame, its own CPU, not the stack's: the frames are counted, not decoded.
    join(
      this.presenceTopic,
      {
        onText: (_text, header) => {
          if (header.event === 'presence_state' || header.event === 'presence_diff')
            this.recorder.receivedOne()
        },
      },
      { presenceKey: person.id },
      () => void this.track()
    )
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
    await this.socket.close()
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
    const result = await this.socket.push(this.presenceTopic, 'presence', {
      type: 'presence',
      event: 'track',
      payload: {
        user_id: this.person.id,
        online_at: new Date().toISOString(),
        state: this.away ? 'away' : 'active',
        dnd: false,
      },
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
    await this.socket.push(this.presenceTopic, 'presence', { type: 'presence', event: 'untrack' })
    await this.track('away or back')
  }

  private async upload(): Promise<void> {
    const uploaded = await uploadAttachment(this.client, this.person, this.recorder)
    if (uploaded) await typeAndSend(this, [uploaded.attachment], uploaded.messageId)
  }

  /** A message of the open channel arrived live (at `receivedAt`). */
  private onMessage(message: LiveMessage, receivedAt: number): void {
    if (!message.inChannel) return
    if (!message.parentId) {
      this.recent.push(message.id)
      if (this.recent.length > 20) this.recent.shift()
    }
    if (message.authorId !== this.person.id) {
      if (this.recorder.measured(message.sentAt))
        this.recorder.deliveries.push(receivedAt - message.sentAt)
    }
    const seq = message.seq
    if (seq > this.lastSeq + 1) {
      void this.rpc('message_page', {
        p_channel_id: this.person.open,
        p_after_seq: this.lastSeq,
        p_limit: 50,
      })
    }
    this.lastSeq = Math.max(this.lastSeq, seq)
    if (this.away) return
    if (message.authorId === this.person.id) {
      // The server moved my read position to my message.
      this.markedSeq = Math.max(this.markedSeq, seq)
      this.markedAt = now()
      clearTimeout(this.dueTimer)
      this.dueTimer = undefined
      return
    }
    const forMe = message.mentionsMe
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
