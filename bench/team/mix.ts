// The action mix of a real team (issue 72): what an active person does besides sending messages,
// each action's rate per person per hour and where that figure comes from, and the pure parts
// that turn rates into a person's timeline and a sign-in storm into opening times (mix.test.ts).
//
// Sources:
// - [MM] Mattermost's load test, mattermost/mattermost-load-test-ng: the simulated user's action
//   list (loadtest/control/simulcontroller/controller.go, getActionList: each action's relative
//   frequency, CreatePost = 1, all of them summing to 13.58) and its defaults
//   (simulcontroller/config.go: an action, then an idle wait of AvgIdleTimeMs 20,000 ms on
//   average, so about 3 actions a minute: 13.3 posts an hour; PercentReplies 0.18 of all posts
//   are thread replies).
// - [Slack] Slack's figures as aggregated in 2026 (about 1.5 billion messages a day among about
//   47 million daily active users: some 32 messages per person per day, 4 an hour over an
//   8-hour day; https://speakwiseapp.com/blog/slack-messaging-statistics).
// - [est] A reasoned estimate of ours, said as such.
// The messages themselves stay at profile.ts's 30 an hour per active person, a chat-heavy hour
// (7x Slack's average, 2.3x Mattermost's load test), so that every rate below tied to the posts
// errs on the busy side.

/** What a person does, besides sending top-level messages (person.ts's send loop). */
export type MixAction =
  | 'thread reply'
  | 'reaction'
  | 'search'
  | 'channel switch'
  | 'thread open'
  | 'file upload'
  | 'file download'
  | 'status change'

export interface MixEntry {
  action: MixAction | 'send message' | 'typing signal' | 'sign-in'
  /** Per active person per hour (0 for those driven by something else: see `how`). */
  perHour: number
  /** Where the figure comes from. */
  source: string
  /** What the simulated person calls, as the app does (app/src). */
  how: string
}

/** Messages per active person per hour (profile.ts: one every 120 s). */
const POSTS_PER_HOUR = 30

/** The mix, one row per action; `npm run bench:team` prints it and docs/performance.md holds it. */
export const MIX: readonly MixEntry[] = [
  {
    action: 'send message',
    perHour: POSTS_PER_HOUR,
    source:
      "[est] chat-heavy: 7x [Slack]'s ~4/h average, 2.3x [MM]'s 13.3/h (profile.ts, since issue 50)",
    how: "rpc('send_message') after 2-8 s of typing",
  },
  {
    action: 'thread reply',
    perHour: 6.6,
    source: '[MM] PercentReplies 0.18 of all posts: 30 x 0.18 / 0.82',
    how: "rpc('send_message', { p_parent_id, p_in_channel: false }) on a recent message, after typing",
  },
  {
    action: 'reaction',
    perHour: 3.9,
    source: '[MM] AddReaction 0.1306 per CreatePost, x 30 posts/h',
    how: "from('reactions').insert({ id, message_id, channel_id, user_id, emoji })",
  },
  {
    action: 'typing signal',
    perHour: 0,
    source: 'the app: a broadcast every 2 s while typing, one "stopped" after the send (useTyping)',
    how: "channel:<open> broadcast 'typing' (about 4 per message and reply)",
  },
  {
    action: 'search',
    perHour: 1,
    source: '[MM] SearchPosts 0.0218 per CreatePost, x 30 posts/h = 0.65, rounded up [est]',
    how: "rpc('search_messages', { p_workspace_id, p_terms, p_order: 'newest', p_limit: 30 })",
  },
  {
    action: 'channel switch',
    perHour: 86,
    source:
      '[MM] SwitchChannel 6.52 of 13.58 of ~3 actions/min (its own pace; x 30 posts/h it would be 196/h)',
    how: "rpc('message_page', { p_limit: 50 }) of another of my channels, then rpc('mark_read')",
  },
  {
    action: 'thread open',
    perHour: 8.5,
    source: '[MM] ViewThread 0.2841 per CreatePost, x 30 posts/h',
    how: "rpc('thread_page', { p_thread_id, p_limit: 50 }), then rpc('mark_thread_read')",
  },
  {
    action: 'file upload',
    perHour: 2,
    source: "[est] a file with one message in 15 (the uploader's 1-5 MB files come on top)",
    how: 'storage upload (POST /storage/v1/object/attachments/<ws>/<ch>/<msg>/<name>, 20-500 KB), then the message',
  },
  {
    action: 'file download',
    perHour: 4,
    source: '[est] each file opened by about two readers',
    how: 'storage createSignedUrl (10 min, as signed-url.ts), then GET of the signed URL, body read',
  },
  {
    action: 'status change',
    perHour: 1,
    source:
      '[MM] Update+RemoveCustomStatus 0.0054 per post = 0.16/h; 1/h [est], meetings and lunch',
    how: "rpc('set_status', { p_emoji, p_text, p_clear_after, p_time_zone }), next time rpc('clear_status')",
  },
  {
    action: 'sign-in',
    perHour: 0,
    source: '[est] a morning: everyone opens Chorus within 5 minutes (--storm, seconds)',
    how: 'my_workspaces, channel_list, message_page, then the five topics joined, presence tracked',
  },
]

/** The actions a person's timeline holds, with their rates per hour. */
export function timelineRates(scale = 1): [MixAction, number][] {
  return MIX.filter(
    (e): e is MixEntry & { action: MixAction } =>
      e.perHour > 0 &&
      e.action !== 'send message' &&
      e.action !== 'typing signal' &&
      e.action !== 'sign-in'
  ).map((e) => [e.action, e.perHour * scale])
}

export interface Planned {
  /** Milliseconds from the timeline's start. */
  at: number
  action: MixAction
}

/**
 * One person's actions over `durationMs`: each action a Poisson process of its rate (exponential
 * gaps drawn from `rand`), merged and sorted by time. The same `rand` seed gives the same timeline.
 */
export function timeline(
  rates: readonly [MixAction, number][],
  durationMs: number,
  rand: () => number
): Planned[] {
  const planned: Planned[] = []
  for (const [action, perHour] of rates) {
    if (!(perHour > 0)) continue
    const meanMs = 3_600_000 / perHour
    for (
      let at = -Math.log(1 - rand()) * meanMs;
      at < durationMs;
      at += -Math.log(1 - rand()) * meanMs
    )
      planned.push({ at, action })
  }
  return planned.sort((a, b) => a.at - b.at)
}

/**
 * The sign-in storm: when each of `people` starts opening Chorus, in ms from the storm's start,
 * spread at random over `windowMs` (0: everyone at once), in the people's order.
 */
export function stormOffsets(people: number, windowMs: number, rand: () => number): number[] {
  return Array.from({ length: people }, () => (windowMs > 0 ? rand() * windowMs : 0))
}

/** A seeded random generator, so that a step's world and timelines repeat. */
export { seededRandom as random } from '../../backend/test/support/seeded-random.ts'

/** The mix's calls are counted under this prefix, apart from those each message causes. */
export const MIX_PREFIX = 'mix '

/** The targets for a step (besides delivery's, summary.ts). */
export const ACTION_P99_LIMIT_MS = 250
export const ERROR_RATE_LIMIT = 0.00025
