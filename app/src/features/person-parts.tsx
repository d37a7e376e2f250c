// The person slot, filled (slots/person.ts): every feature folder with a person-part.tsx is in,
// found at build time by Vite's import.meta.glob (eager), in the order of their `order`. Adding
// one touches only its folder.
import type { PersonPart, PersonPartProps } from '../slots/person.ts'

const found = import.meta.glob<PersonPart>('./*/person-part.tsx', {
  eager: true,
  import: 'default',
})

const parts = Object.values(found).sort((a, b) => a.order - b.order)

/** The features' parts of a person's line at that place. */
export function PersonParts({ place, ...props }: PersonPartProps & { place: PersonPart['place'] }) {
  return parts.filter((p) => p.place === place).map(({ Part }, i) => <Part key={i} {...props} />)
}
