// The mix's actions (mix.ts), each made as the app makes it (app/src), with the person's own
// client and JWT (so row-level security and Storage's policies apply), timed as one action:
// - thread reply: send_message with p_parent_id, not shown in the channel (channel-transport.ts);
// - reaction: an insert into reactions (channel-transport.ts addReaction);
// - search: search_messages, newest first, 30 hits (search/data/search-messages.ts);
// - channel switch: the latest page (message_page, 50) of another of my channels, then mark_read
//   (the app marks at once in a view where nothing was marked yet);
// - thread open: thread_page (50), then mark_thread_read (messages/data/pages.ts, thread-state.ts);
// - file upload: Storage's upload to attachments/<ws>/<channel>/<message>/<name>, 20-500 KB, then
//   the message that carries it (attachments/data/upload-file.ts);
// - file download: a signed URL for 10 minutes, then the file fetched (attachments/data/signed-url.ts);
// - status change: set_status (a meeting, cleared after 30 minutes), next time clear_status
//   (status/data/status-mutations.ts).
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { uploadAttachment } from './attachment-upload.ts'
import { MIX_PREFIX, random, timeline, timelineRates } from './mix.ts'
import type { MixAction } from './mix.ts'
import { RATES, now, pause, uniform } from './profile.ts'
import type { Person } from './profile.ts'
import { recordedSelect, rpcResult } from './recorder.ts'
import type { Recorder } from './recorder.ts'

/** The open channel's typing topic as the actions use it (person.ts: over the person's socket). */
export interface TypingTopic {
  /** 'joined' once the join was answered. */
  readonly state: string
  /** A broadcast without acknowledgement: 'ok' once pushed, as realtime-js's channel.send. */
  send(message: { type: 'broadcast'; event: string; payload: unknown }): Promise<string>
}

/** What an action needs of the person making it. */
export interface ActionContext {
  person: Person
  client: SupabaseClient
  recorder: Recorder
  /** The open channel's latest top-level messages (ids): what replies, reactions and thread
   * opens go to. */
  recent: string[]
  /** My status is set (the next change clears it). */
  statusSet: boolean
  /** The open channel's typing topic (channel:<open>), once joined. */
  typing: TypingTopic | null
  /** Behaving (between start and stop), and away (the tab hidden: nothing done). */
  running: boolean
  away: boolean
  /** The person's pauses under way, ended at once when the person stops (profile.ts pause). */
  pauses: Set<() => void>
}

/** The mix's actions, one after the other on the person's own seeded timeline (4 hours of it),
 * while the person behaves; none while away (the tab hidden). */
export async function runMix(ctx: ActionContext): Promise<void> {
  const seed = Number.parseInt(ctx.person.id.slice(0, 8), 16)
  const plan = timeline(timelineRates(RATES.mixScale), 4 * 3_600_000, random(seed))
  const start = Date.now()
  for (const { at, action } of plan) {
    await pause(start + at - Date.now(), ctx.pauses)
    if (!ctx.running) return
    if (!ctx.away) await act(ctx, action)
  }
}

/** The mix's calls, counted apart ("mix <name>") from those each message causes (REST/msg). */
const mixRpc = (ctx: ActionContext, name: string, args: Record<string, unknown>) =>
  rpcResult(ctx.client, ctx.recorder, name, args, `${MIX_PREFIX}${name}`)

export async function act(ctx: ActionContext, action: MixAction): Promise<void> {
  const began = now()
  const done = (ok: boolean) => recorder.action(action, began, ok)
  const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)]
  const { person, client, recorder } = ctx
  switch (action) {
    case 'thread reply': {
      const parent = pick(ctx.recent)
      if (parent) await typeAndSend(ctx, [], randomUUID(), parent)
      return
    }
    case 'reaction': {
      const message = pick(ctx.recent)
      if (!message) return
      const emoji = pick(['👍', '🎉', '👀', '✅', '😄', '🙏']) as string
      done(
        await recordedSelect(recorder, `${MIX_PREFIX}reactions insert`, () =>
          client.from('reactions').insert({
            id: randomUUID(),
            message_id: message,
            channel_id: person.open,
            user_id: person.id,
            emoji,
          })
        )
      )
      return
    }
    case 'search': {
      const term = pick(['plan', 'words', 'something', 'earlier']) as string
      const { ok } = await mixRpc(ctx, 'search_messages', {
        p_workspace_id: person.workspaceId,
        p_terms: [term],
        p_order: 'newest',
        p_limit: 30,
      })
      done(ok)
      return
    }
    case 'channel switch': {
      // A look at another of my channels (its latest page, marked read at once as the app does
      // in a view where nothing was marked yet); the tab's open channel and its live topics stay
      // (delivery is measured on them).
      const channel = pick(person.channels.filter((c) => c !== person.open)) ?? person.open
      const page = await mixRpc(ctx, 'message_page', {
        p_channel_id: channel,
        p_limit: 50,
      })
      const rows = (page.data ?? []) as { seq: number }[]
      const seq = Math.max(0, ...rows.map((m) => Number(m.seq)))
      const marked =
        page.ok && seq > 0
          ? (
              await mixRpc(ctx, 'mark_read', {
                p_channel_id: channel,
                p_seq: seq,
              })
            ).ok
          : page.ok
      done(marked)
      return
    }
    case 'thread open': {
      const thread = pick(ctx.recent)
      if (!thread) return
      const page = await mixRpc(ctx, 'thread_page', {
        p_thread_id: thread,
        p_limit: 50,
      })
      const read = page.ok && (await mixRpc(ctx, 'mark_thread_read', { p_thread_id: thread })).ok
      done(read)
      return
    }
    case 'file upload': {
      const uploaded = await uploadAttachment(
        client,
        person,
        recorder,
        [0.02, 0.5],
        `${MIX_PREFIX}storage upload`
      )
      done(uploaded !== null)
      if (uploaded) await typeAndSend(ctx, [uploaded.attachment], uploaded.messageId)
      return
    }
    case 'file download': {
      const path = pick(person.files)
      if (path) done(await download(ctx, path))
      return
    }
    case 'status change': {
      const set = !ctx.statusSet
      const { ok } = set
        ? await mixRpc(ctx, 'set_status', {
            p_emoji: '📅',
            p_text: 'In a meeting',
            p_clear_after: '30_minutes',
            p_time_zone: 'UTC',
          })
        : await mixRpc(ctx, 'clear_status', {})
      if (ok) ctx.statusSet = set
      done(ok)
      return
    }
  }
}

/** A file opened: a signed URL for 10 minutes (signed-url.ts), then the file fetched. */
async function download(ctx: ActionContext, path: string): Promise<boolean> {
  const { client, recorder } = ctx
  try {
    const signed = await client.storage.from('attachments').createSignedUrl(path, 600)
    recorder.call(`${MIX_PREFIX}storage sign`, !signed.error, signed.error?.message ?? '')
    if (signed.error) return false
    const response = await fetch(signed.data.signedUrl)
    const body = await response.arrayBuffer()
    const ok = response.ok && body.byteLength > 0
    recorder.call(`${MIX_PREFIX}storage download`, ok, `${response.status}`)
    return ok
  } catch (error) {
    recorder.call(`${MIX_PREFIX}storage download`, false, (error as Error).message)
    return false
  }
}

/** Types for a few seconds (a signal every 2 s), then sends with send_message (a thread reply
 * when parentId is given, not shown in the channel), then says it stopped typing; a top-level
 * message sent in the window is counted for delivery. */
export async function typeAndSend(
  ctx: ActionContext,
  attachments: unknown[] = [],
  id: string = randomUUID(),
  parentId: string | null = null
): Promise<void> {
  if (ctx.away) return
  const typingFor = uniform(RATES.typingSeconds) * 1000
  for (const end = Date.now() + typingFor; ctx.running && Date.now() < end;) {
    await typingSignal(ctx, true)
    await pause(Math.min(RATES.typingThrottleMs, end - Date.now()), ctx.pauses)
  }
  if (!ctx.running) return
  const t = now()
  const measured = ctx.recorder.measured(t) && parentId === null
  const label = parentId === null ? 'send_message' : `${MIX_PREFIX}send_message (reply)`
  const { ok } = await rpcResult(
    ctx.client,
    ctx.recorder,
    'send_message',
    {
      p_id: id,
      p_channel_id: ctx.person.open,
      p_body: `Something to say about the plan, with a few words more [t:${t.toFixed(3)}]`,
      p_attachments: attachments,
      ...(parentId === null ? {} : { p_parent_id: parentId, p_in_channel: false }),
    },
    label
  )
  ctx.recorder.action(parentId === null ? 'send message' : 'thread reply', t, ok)
  if (measured && ok) {
    const sent = ctx.recorder.sent
    sent.set(ctx.person.open, (sent.get(ctx.person.open) ?? 0) + 1)
  }
  await typingSignal(ctx, false)
}

async function typingSignal(ctx: ActionContext, typing: boolean): Promise<void> {
  if (ctx.typing?.state !== 'joined') return
  const began = now()
  const result = await ctx.typing.send({
    type: 'broadcast',
    event: 'typing',
    payload: { user_id: ctx.person.id, typing },
  })
  ctx.recorder.call('typing broadcast', result === 'ok', result)
  ctx.recorder.action('typing signal', began, result === 'ok')
}
