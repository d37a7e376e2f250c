// Should this person be told? The browser's side of the one rule for it, as pure functions of a
// message, the person and their settings: the levels (a channel's, else the workspace default; a
// direct message's is all), mute, thread follows and Do Not Disturb. The database decides the
// push and the email by the same rule (private.notify_decisions, with the read position a few
// seconds later); one table of cases (supabase/tests/support/notify-cases.json) runs against
// both, here through the notifier's machine (notify-rule.test.ts). Not the first screen's: the
// notifier loads after it. No React, no supabase-js.
import { dndActive } from './rules.ts'
import type { ChannelKind, ChannelPrefs, DoNotDisturb, MessageFacts, NotifyLevel } from './rules.ts'

/** The level that applies in a channel. */
export function effectiveLevel(prefs: ChannelPrefs, workspaceDefault: NotifyLevel): NotifyLevel {
  if (prefs.level) return prefs.level
  return prefs.kind === 'dm' ? 'all' : workspaceDefault
}

/** Whether the message is for the person in particular: a mention of them, or a DM. */
export function isPersonal(message: MessageFacts, me: string, kind: ChannelKind): boolean {
  return kind === 'dm' || message.mentions.includes(me)
}

/** Whether the level lets this message through (mute and DND aside). */
export function levelAllows(
  message: MessageFacts,
  me: string,
  prefs: ChannelPrefs,
  workspaceDefault: NotifyLevel
): boolean {
  switch (effectiveLevel(prefs, workspaceDefault)) {
    case 'all':
      return true
    case 'mentions':
      return isPersonal(message, me, prefs.kind)
    case 'nothing':
      return false
  }
}

export interface NotifyInput {
  message: MessageFacts
  me: string
  prefs: ChannelPrefs
  workspaceDefault: NotifyLevel
  dnd: DoNotDisturb
  now: Date
}

/**
 * Whether the person is alerted (a browser notification) about the message: never their own, a
 * deleted one or one they read already (elsewhere, before the notifier came to it: it catches up
 * after a reconnect or a page load).
 */
export function shouldNotify({
  message,
  me,
  prefs,
  workspaceDefault,
  dnd,
  now,
}: NotifyInput): boolean {
  if (message.authorId === me || message.deleted || message.read) return false
  if (prefs.muted) return false
  if (!levelAllows(message, me, prefs, workspaceDefault)) return false
  return !dndActive(dnd, now)
}

export interface ReplyNotifyInput extends NotifyInput {
  /** Whether the person follows the reply's thread (thread_members.following). */
  following: boolean
}

/**
 * Whether the person is alerted about a reply in a thread, as Slack does: a reply in a thread they
 * follow (they wrote its parent, replied, were mentioned in it or follow it by hand) or one that
 * is personal (mentions them, or is in a direct message) alerts at the "all" and "mentions"
 * levels alike; any other reply does not, whatever the level (a channel's "all" is about the
 * channel's messages, not every thread in it). "nothing", mute and Do Not Disturb silence it as
 * they do a channel message; never their own reply or a deleted one.
 */
export function shouldNotifyReply({
  message,
  me,
  prefs,
  workspaceDefault,
  dnd,
  now,
  following,
}: ReplyNotifyInput): boolean {
  if (message.authorId === me || message.deleted || message.read) return false
  if (prefs.muted) return false
  if (effectiveLevel(prefs, workspaceDefault) === 'nothing') return false
  if (!following && !isPersonal(message, me, prefs.kind)) return false
  return !dndActive(dnd, now)
}
