import { t } from '@lingui/core/macro'
import { useId, useMemo, useState } from 'react'
import { filterByName } from '../lib/name-match.ts'
import { ShowMore, useGrowing } from './show-more.tsx'
import { PersonListScope, PersonName } from './PersonName.tsx'

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

/**
 * A filterable list of checkboxes; the filter finds a name by its start or a word's start
 * (lib/name-match.ts), and a page of people is drawn at a time (show-more.tsx).
 */
export function PeoplePicker({ people, selected, onChange, label }: Props) {
  const [filter, setFilter] = useState('')
  const id = useId()
  const shown = useMemo(() => filterByName(people, filter, (p) => p.name), [people, filter])
  const page = useGrowing(shown, filter)
  const chosen = new Set(selected)
  return (
    <fieldset className="people-picker">
      <legend>{label}</legend>
      <label htmlFor={id} className="visually-hidden">
        {t`Filter people`}
      </label>
      <input
        id={id}
        type="search"
        placeholder={t`Filter by name`}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="muted">
          {people.length === 0 ? t`Everyone is already here.` : t`Nobody matches.`}
        </p>
      ) : (
        <PersonListScope>
          <ul>
            {page.shown.map((p) => (
              <li key={p.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.has(p.id)}
                    onChange={(e) =>
                      onChange(
                        e.target.checked ? [...selected, p.id] : selected.filter((s) => s !== p.id)
                      )
                    }
                  />
                  <PersonName userId={p.id} name={p.name} />
                </label>
              </li>
            ))}
            <ShowMore rest={page.rest} onMore={page.more} />
          </ul>
        </PersonListScope>
      )}
    </fieldset>
  )
}
