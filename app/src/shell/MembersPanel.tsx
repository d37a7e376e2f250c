import { t } from '@lingui/core/macro'
import { memo, Suspense, useMemo, useState } from 'react'
import { Icon } from '../ui/Icon.tsx'
import { ShowMore, useGrowing } from '../ui/show-more.tsx'
import { cleanError } from '../lib/clean-error.ts'
import { filterByName } from '../lib/name-match.ts'
import { formatLocale } from '../lib/i18n.ts'
import { useChannelMembersQuery } from '../features/channels/index.ts'
import type { ChannelMember } from '../features/channels/index.ts'
import { Avatar } from '../features/profiles/index.ts'
import { MembersParts } from '../features/members-parts.tsx'
import type { Presence } from '../features/presence/index.ts'
import { PersonListScope, PersonName } from '../ui/PersonName.tsx'
import { Notice, Spinner } from '../ui/Notice.tsx'
import { useAfterFirstScreen } from '../lib/first-screen.ts'

interface Props {
  workspaceId: string
  channelId: string
  online: Presence
  me: string
  onClose: () => void
}

// Made when the chunk loads, after boot has activated the language.
const byName = new Intl.Collator(formatLocale(), { sensitivity: 'base' })

/**
 * Who is in the open channel, online people first, then what features add (slots/members.ts:
 * the groups that have people here). A filter finds someone by name; a page of people is drawn
 * at a time (show-more.tsx).
 */
export default function MembersPanel({ workspaceId, channelId, online, me, onClose }: Props) {
  const roster = useChannelMembersQuery(channelId)
  const [query, setQuery] = useState('')
  // The groups' chunk waits for the first screen to be up.
  const later = useAfterFirstScreen()
  const sorted = useMemo(
    () =>
      [...(roster.data ?? [])].sort(
        (a, b) =>
          Number(online.has(b.userId)) - Number(online.has(a.userId)) ||
          byName.compare(a.displayName, b.displayName)
      ),
    [roster.data, online]
  )
  const list = useMemo(() => filterByName(sorted, query, (m) => m.displayName), [sorted, query])
  const { shown, rest, more } = useGrowing(list, `${channelId} ${query}`)
  const count = roster.data?.length
  return (
    <aside className="members-panel" aria-label={t`Channel members`}>
      <header>
        <h2>{count === undefined ? t`Members` : t`Members (${count})`}</h2>
        <button
          type="button"
          className="icon-button only-narrow"
          aria-label={t`Close members`}
          onClick={onClose}
        >
          <Icon name="x" size={16} />
        </button>
      </header>
      {roster.isPending ? (
        <Spinner label={t`Loading members`} />
      ) : roster.error ? (
        <Notice tone="error">{cleanError(roster.error)}</Notice>
      ) : (
        <>
          <input
            type="search"
            className="members-filter"
            aria-label={t`Find members`}
            placeholder={t`Find members`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {list.length === 0 && <p className="muted">{t`Nobody here matches.`}</p>}
          <PersonListScope>
            <ul>
              {shown.map((m) => {
                const isOnline = online.has(m.userId)
                return (
                  <MemberRow
                    key={m.userId}
                    member={m}
                    isMe={m.userId === me}
                    isOnline={isOnline}
                    away={isOnline && online.away.has(m.userId)}
                    dnd={isOnline && online.dnd.has(m.userId)}
                  />
                )
              })}
              <ShowMore rest={rest} onMore={more} />
            </ul>
          </PersonListScope>
        </>
      )}
      {roster.data && later && (
        <Suspense fallback={null}>
          <MembersParts
            workspaceId={workspaceId}
            channelId={channelId}
            memberIds={roster.data.map((m) => m.userId)}
          />
        </Suspense>
      )}
    </aside>
  )
}

interface RowProps {
  member: ChannelMember
  isMe: boolean
  isOnline: boolean
  away: boolean
  dnd: boolean
}

/** One person of the list; drawn again only when they change (a page more draws the new page's
 * rows, not the 5,000 above it). */
const MemberRow = memo(function MemberRow({ member: m, isMe, isOnline, away, dnd }: RowProps) {
  const awayText = t`away`
  const dndText = t`do not disturb`
  return (
    <li data-user-id={m.userId} data-online={isOnline} data-away={away} data-dnd={dnd}>
      <Avatar
        name={m.displayName}
        userId={m.userId}
        path={m.avatarPath}
        size={28}
        online={isOnline}
        away={away}
        dnd={dnd}
      />
      {/* One line: the name cut short with an ellipsis (whole on hover), then what follows it;
          the status's words whole on hover too (its title). */}
      <span className="member-line" title={m.displayName}>
        <PersonName userId={m.userId} name={m.displayName} status="text">
          {isMe && <span className="muted"> {t`(you)`}</span>}
          {away && <span className="muted"> {awayText}</span>}
          {dnd && <span className="muted"> {dndText}</span>}
        </PersonName>
      </span>
      <span className="visually-hidden">
        {isOnline
          ? `, ${t`online`}${away ? `, ${awayText}` : ''}${dnd ? `, ${dndText}` : ''}`
          : `, ${t`offline`}`}
      </span>
    </li>
  )
})
