import { useId, useState } from 'react'
import { StatusEmoji } from '../features/status/index.ts'
import { BotBadge } from '../features/bots/index.ts'
import { ImportedBadge } from '../features/imports/index.ts'
import { GuestBadge } from '../features/guests/index.ts'

export interface Person {
  id: string
  name: string
}

interface Props {
  people: Person[]
  selected: string[]
  onChange: (ids: string[]) => void
  label: string
}

/** A filterable list of checkboxes; the filter matches any word of the name. */
export function PeoplePicker({ people, selected, onChange, label }: Props) {
  const [filter, setFilter] = useState('')
  const id = useId()
  const q = filter.trim().toLocaleLowerCase()
  const shown = q
    ? people.filter(
        (p) =>
          p.name
            .toLocaleLowerCase()
            .split(/\s+/)
            .some((w) => w.startsWith(q)) || p.name.toLocaleLowerCase().includes(q)
      )
    : people
  return (
    <fieldset className="people-picker">
      <legend>{label}</legend>
      <label htmlFor={id} className="visually-hidden">
        Filter people
      </label>
      <input
        id={id}
        type="search"
        placeholder="Filter by name"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="muted">
          {people.length === 0 ? 'Everyone is already here.' : 'Nobody matches.'}
        </p>
      ) : (
        <ul>
          {shown.map((p) => (
            <li key={p.id}>
              <label>
                <input
                  type="checkbox"
                  checked={selected.includes(p.id)}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...selected, p.id] : selected.filter((s) => s !== p.id)
                    )
                  }
                />
                <bdi>{p.name}</bdi>
                <BotBadge userId={p.id} />
                <ImportedBadge userId={p.id} />
                <GuestBadge userId={p.id} />
                <StatusEmoji userId={p.id} />
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
