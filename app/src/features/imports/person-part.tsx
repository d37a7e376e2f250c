// IMPORTED after the name of a person imported from Slack who has not claimed it (slots/person.ts).
import type { PersonPart } from '../../slots/person.ts'
import { ImportedBadge } from './components/ImportedBadge.tsx'

const part: PersonPart = { place: 'badge', order: 20, Part: ImportedBadge }
export default part
