// The person slot (issue 51, item 1): what features show beside a person's name wherever people
// are listed (ui/PersonName.tsx): badges of who they are (BOT, IMPORTED, GUEST) right after the
// name, and their state (a status) at the end. A feature adds one in its person-part.tsx;
// features/person-parts.tsx finds them by import.meta.glob.
import type { ComponentType } from 'react'

export interface PersonPartProps {
  userId: string
  /** A state shown with its words, not only its emoji (the members panel). */
  withText?: boolean
}

/** A feature's person-part.tsx default export, made with personPart(). */
export interface PersonPart<Shared = unknown> {
  /** 'badge': right after the name; 'status': at the end. */
  place: 'badge' | 'status'
  /** Its place among the others (lowest first). */
  order: number
  /**
   * What the part reads for everyone (a query's data, the statuses): a list of people
   * (PersonListScope) reads it once for all its rows, a name shown alone reads it itself. A row
   * of the people picker had a query observer per badge; 50 rows drawn per keystroke made 150.
   */
  useShared: () => Shared
  /** One person's part, from what useShared read. */
  Part: ComponentType<PersonPartProps & { shared: Shared }>
}

/** A part, its type checked against its own shared value. */
export function personPart<Shared>(part: PersonPart<Shared>): PersonPart {
  return part as unknown as PersonPart
}
