// IMPORTED after the name of a person imported from Slack who has not claimed it (slots/person.ts).
import { personPart } from '../../slots/person.ts'
import { ImportedBadge } from './components/ImportedBadge.tsx'
import { usePlaceholderIdsQuery } from './data/placeholder-ids.ts'

const part = personPart({
  place: 'badge',
  order: 20,
  useShared: () => usePlaceholderIdsQuery().data,
  Part: ImportedBadge,
})
export default part
