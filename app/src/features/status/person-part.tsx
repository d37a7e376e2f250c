// A person's status at the end of their name's line (slots/person.ts).
import type { PersonPart } from '../../slots/person.ts'
import { StatusEmoji } from './components/StatusEmoji.tsx'

const part: PersonPart = { place: 'status', order: 10, Part: StatusEmoji }
export default part
