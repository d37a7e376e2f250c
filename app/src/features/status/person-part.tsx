// A person's status at the end of their name's line (slots/person.ts).
import { personPart } from '../../slots/person.ts'
import { StatusEmojiOf } from './components/StatusEmoji.tsx'
import { useStatuses } from './data/statuses-query.ts'

const part = personPart({
  place: 'status',
  order: 10,
  useShared: useStatuses,
  Part: StatusEmojiOf,
})
export default part
