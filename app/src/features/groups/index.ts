// User groups and mentions of many (issue 35): the Groups dialog (a lazy chunk, from the
// workspace menu) and the activity beacon @here reads. Mentioning a group or @channel is the
// database's work (the message's mentions); the message body shows them (messages/markdown).
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export { useActivityBeacon } from './data/activity.ts'
export const GroupsDialog = lazyRetrying(() => import('./components/GroupsDialog.tsx'), NotLoaded)
