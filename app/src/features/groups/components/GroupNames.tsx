// The groups' handles for the composer's mention autocomplete (composer-part.tsx's Names), read
// once an @ is typed: a chunk of its own, mounted after the first screen.
import { plural } from '@lingui/core/macro'
import { useEffect } from 'react'
import type { NamesProps } from '../../../slots/composer.ts'
import { useGroups } from '../data/group-list.ts'

export default function GroupNames({ workspaceId, enabled, onNames }: NamesProps) {
  const { data } = useGroups(workspaceId, enabled)
  useEffect(() => {
    if (data)
      onNames(
        data.map((g) => {
          const count = g.memberIds.length
          const people = plural(count, { one: '# person', other: '# people' })
          return { id: g.id, name: g.handle, hint: `${g.name} · ${people}` }
        })
      )
  }, [data, onNames])
  return null
}
