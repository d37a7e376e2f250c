// GUEST after a guest's name (slots/person.ts).
import type { PersonPart } from '../../slots/person.ts'
import { GuestBadge } from './components/GuestBadge.tsx'

const part: PersonPart = { place: 'badge', order: 30, Part: GuestBadge }
export default part
