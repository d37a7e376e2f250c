// The composer's mention autocomplete (Completions.tsx shows it): the channel's members with
// their pictures, @channel, @here, @everyone and the names features offer that match the @query
// being typed, as a listbox the box's arrows move through (Enter or Tab picks, Escape closes).
// Part of the autocomplete's chunk, fetched once the first screen is shown: the list is seldom
// the first thing on screen.
import { msg, t } from '@lingui/core/macro'
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { useLayoutEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { channelKeys } from '../../channels/index.ts'
import type { ChannelMember } from '../../channels/index.ts'
import { Avatar } from '../../profiles/index.ts'
import { Icon } from '../../../ui/Icon.tsx'
import type { RefObject } from 'react'
import type { CompletionListHandle } from '../../emoji/index.ts'
import { BROADCASTS } from '../mentions.ts'
import type { Mentionable } from '../mentions.ts'
import { matchPeople } from '../match-people.ts'
import { PersonListScope, PersonName } from '../../../ui/PersonName.tsx'
import type { ComposerName } from '../../../slots/composer.ts'

const BROADCAST_HINTS: Record<string, MessageDescriptor> = {
  channel: msg`everyone in this channel`,
  here: msg`everyone active in this channel`,
  everyone: msg`everyone in the workspace`,
}

/** Each person's picture as the channel rosters already fetched have it (no query of its own). */
function useAvatarPaths(): Map<string, string | null> {
  const queryClient = useQueryClient()
  const paths = new Map<string, string | null>()
  for (const [, roster] of queryClient.getQueriesData<ChannelMember[]>({
    queryKey: channelKeys.rosters(),
  }))
    for (const m of roster ?? []) paths.set(m.userId, m.avatarPath)
  return paths
}

export interface MentionListProps {
  handle: RefObject<CompletionListHandle | null>
  /** The listbox's id; option i is `${id}-${i}`. */
  id: string
  query: string
  people: Mentionable[]
  names: readonly ComposerName[]
  onPick: (person: Mentionable) => void
  onDismiss: () => void
  /** The active option's index while the list shows, null when it does not. */
  onActive: (index: number | null) => void
}

export default function MentionList(props: MentionListProps) {
  const { query, onActive } = props
  const lower = query.toLowerCase()
  const paths = useAvatarPaths()
  const options: (Mentionable & { hint?: string; person?: true })[] = [
    ...matchPeople(props.people, query).map((p) => ({ ...p, person: true as const })),
    ...BROADCASTS.filter((w) => w.startsWith(lower)).map((w) => ({
      id: w,
      name: w,
      hint: i18n._(BROADCAST_HINTS[w]!),
    })),
    ...props.names.filter((g) => g.name.startsWith(lower)).slice(0, 5),
  ]
  // The first option is active again whenever the query changes.
  const [state, setState] = useState({ query, active: 0 })
  if (state.query !== query) setState({ query, active: 0 })
  const count = options.length
  const active = Math.min(state.query === query ? state.active : 0, Math.max(0, count - 1))
  const open = count > 0

  useLayoutEffect(() => {
    onActive(open ? active : null)
    return () => onActive(null)
  }, [open, active, onActive])

  props.handle.current = {
    keyDown(event) {
      if (!open || event.nativeEvent.isComposing) return false
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !event.altKey) {
        const step = event.key === 'ArrowDown' ? 1 : -1
        setState({ query, active: (active + step + count) % count })
      } else if (event.key === 'Enter' || event.key === 'Tab') props.onPick(options[active]!)
      else if (event.key === 'Escape') props.onDismiss()
      else return false
      return true
    },
  }

  if (!open) return null
  return (
    <PersonListScope>
      <ul
        className="mention-options"
        role="listbox"
        id={props.id}
        aria-label={t`People and groups to mention`}
      >
        {options.map((person, index) => (
          <li
            key={person.id}
            id={`${props.id}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault()
              props.onPick(person)
            }}
          >
            <span className="mention-avatar" aria-hidden="true">
              {person.person ? (
                <Avatar
                  name={person.name}
                  userId={person.id}
                  path={paths.get(person.id) ?? null}
                  size={20}
                />
              ) : (
                <Icon name="users" size={14} />
              )}
            </span>
            <PersonName userId={person.id} name={person.name} status={!person.hint && 'emoji'}>
              {person.hint && <span className="muted"> {person.hint}</span>}
            </PersonName>
          </li>
        ))}
      </ul>
    </PersonListScope>
  )
}
