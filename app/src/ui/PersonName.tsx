// A person's name as every list of people shows it: the name, the features' badges after it
// (slots/person.ts), then what the list adds (children: "(you)", away), then their status.
import type { ReactNode } from 'react'
import { PersonParts } from '../features/person-parts.tsx'

export { PersonListScope } from '../features/person-parts.tsx'

interface Props {
  userId: string
  name: string
  /** The status: its emoji (the default), with its words, or not shown. */
  status?: 'emoji' | 'text' | false
  children?: ReactNode
}

export function PersonName({ userId, name, status = 'emoji', children }: Props) {
  return (
    <>
      <bdi>{name}</bdi>
      <PersonParts place="badge" userId={userId} />
      {children}
      {status && <PersonParts place="status" userId={userId} withText={status === 'text'} />}
    </>
  )
}
