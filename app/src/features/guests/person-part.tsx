// GUEST after a guest's name (slots/person.ts).
import { personPart } from '../../slots/person.ts'
import { GuestBadge } from './components/GuestBadge.tsx'
import { useOpenWorkspaceGuests } from './data/guest-ids.ts'

const part = personPart({
  place: 'badge',
  order: 30,
  useShared: useOpenWorkspaceGuests,
  Part: GuestBadge,
})
export default part
