// User groups and mentions of many (issue 35): the Groups dialog (a lazy chunk, from the
// workspace menu), the activity beacon @here reads, the groups for the composer's autocomplete,
// the question asked before a mention notifies many people (lazy); the groups of a channel's
// members panel are members-part.tsx's (slots/members.ts). Mentioning a group or @channel is the database's work (the message's
// mentions); the message body shows them (messages/markdown).
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'

export { useActivityBeacon } from './data/activity.ts'
export { useGroups } from './data/group-list.ts'
export type { Group } from './data/group-list.ts'
import type { ReachAnswer } from './data/mention-reach.ts'
export type { ReachAnswer }
export const BroadcastConfirm = lazyRetrying(
  () => import('./components/BroadcastConfirm.tsx'),
  Nothing
)
/**
 * How many people a message's mentions of many would notify (a chunk loaded when asked). A chunk
 * that cannot be loaded (offline) asks nothing: the message goes, and the database decides.
 */
export const mentionReach = async (channelId: string, body: string): Promise<ReachAnswer> => {
  const loaded = await import('./data/mention-reach.ts').catch(() => null)
  return loaded ? loaded.mentionReach(channelId, body) : { kind: 'send' }
}
