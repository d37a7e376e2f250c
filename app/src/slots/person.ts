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

/** A feature's person-part.tsx default export. */
export interface PersonPart {
  /** 'badge': right after the name; 'status': at the end. */
  place: 'badge' | 'status'
  /** Its place among the others (lowest first). */
  order: number
  Part: ComponentType<PersonPartProps>
}
