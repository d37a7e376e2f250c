// The person slot, filled (slots/person.ts): every feature folder with a person-part.tsx is in,
// found at build time by Vite's import.meta.glob (eager), in the order of their `order`. Adding
// one touches only its folder. What each part reads for everyone (useShared) is read once per
// list of people (PersonListScope); a part outside one reads it itself.
import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { PersonPart, PersonPartProps } from '../slots/person.ts'

const found = import.meta.glob<PersonPart>('./*/person-part.tsx', {
  eager: true,
  import: 'default',
})

const parts = Object.values(found).sort((a, b) => a.order - b.order)

/** Each part's shared value, in the parts' order; null outside a PersonListScope. */
const Shared = createContext<unknown[] | null>(null)

/** Around a list of people: each part's value is read once for all the names in it. */
export function PersonListScope({ children }: { children: ReactNode }) {
  // The parts are fixed when this module loads (an eager glob): the hooks are called in the
  // same order on every render.
  const shared = parts.map((p) => p.useShared())
  return <Shared.Provider value={shared}>{children}</Shared.Provider>
}

/** A part outside a list: it reads its own value (the status alone needs no query client). */
function ReadItself({ index, ...props }: PersonPartProps & { index: number }) {
  const { Part, useShared } = parts[index]!
  return <Part {...props} shared={useShared()} />
}

/** The features' parts of a person's line at that place. */
export function PersonParts({ place, ...props }: PersonPartProps & { place: PersonPart['place'] }) {
  const shared = useContext(Shared)
  return parts.map(({ Part, place: at }, i) =>
    at !== place ? null : shared ? (
      <Part key={i} {...props} shared={shared[i]} />
    ) : (
      <ReadItself key={i} index={i} {...props} />
    )
  )
}
