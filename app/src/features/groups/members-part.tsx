// The groups that have people in the open channel, in the members panel (slots/members.ts).
import type { MembersPart } from '../../slots/members.ts'

export default {
  order: 10,
  load: () => import('./components/ChannelGroups.tsx'),
} satisfies MembersPart
