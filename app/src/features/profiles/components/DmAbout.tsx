// Who I am talking to in a direct message, under its name in the header (header-part.tsx): their
// presence (active, away, in Do Not Disturb, offline: the workspace's presence channel, live),
// their status (the person slot's status parts, with their words) and their local time in their
// profile's time zone ("3:42 PM local time", as Slack's DM header has it), ticking with the
// minute. A group DM shows none of it; a DM with myself shows mine. At phone width only the dot,
// the status's emoji and the local time (dm-about.css).
import { t } from '@lingui/core/macro'
import { useEffect, useState } from 'react'
import type { HeaderPartProps } from '../../../slots/header.ts'
import type { Member } from '../../workspaces/index.ts'
import { PersonParts } from '../../person-parts.tsx'
import { useWorkspacePresence } from '../../presence/index.ts'
import { useProfileQuery } from '../data/profile-query.ts'
import { dateFormat } from '../../../lib/date-formats.ts'
import './dm-about.css'

export default function DmAbout({
  workspaceId,
  channels,
  channelId,
  me,
  members,
}: HeaderPartProps) {
  const channel = channels.find((c) => c.id === channelId)
  const others = (channel?.dmMembers ?? []).filter((m) => m.id !== me)
  const person = others.length === 0 ? me : others.length === 1 ? others[0]!.id : null
  if (!channel || !person) return null
  return <About key={person} workspaceId={workspaceId} me={me} person={person} members={members} />
}

type Seen = 'active' | 'away' | 'dnd' | 'offline'

function About({
  workspaceId,
  me,
  person,
  members,
}: {
  workspaceId: string
  me: string
  person: string
  members: Member[]
}) {
  const presence = useWorkspacePresence(workspaceId, me)
  // A guest does not join the workspace's presence: nobody's is known to them.
  const guest = members.find((m) => m.userId === me)?.role === 'guest'
  const seen: Seen = !presence.has(person)
    ? 'offline'
    : presence.dnd.has(person)
      ? 'dnd'
      : presence.away.has(person)
        ? 'away'
        : 'active'
  const label = { active: t`Active`, away: t`Away`, dnd: t`Do not disturb`, offline: t`Offline` }[
    seen
  ]
  const zone = useTimeZoneOf(person)
  const now = useMinute()
  const time = zone ? localTime(zone, now) : null
  return (
    <p className="dm-about" data-presence={guest ? undefined : seen}>
      {!guest && (
        <span className="dm-about-presence">
          <span
            className={
              seen === 'offline'
                ? 'presence-dot'
                : `presence-dot online${seen === 'away' ? ' away' : ''}${seen === 'dnd' ? ' dnd' : ''}`
            }
            aria-hidden="true"
          />
          <span className="dm-about-label">{label}</span>
        </span>
      )}
      <PersonParts place="status" userId={person} withText />
      {time && (
        <span className="dm-about-time" title={zone?.replace(/_/g, ' ')}>
          {t`${time} local time`}
        </span>
      )}
    </p>
  )
}

/** The person's time zone from their profile, read again when their profile changes (the
 * workspace's live changes mark it stale: workspace-changes.ts). */
function useTimeZoneOf(person: string): string | null {
  return useProfileQuery(person).data?.timeZone ?? null
}

/** Now, again at each new minute. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setTimeout(
      () => setNow(new Date()),
      60_000 - (now.getTime() % 60_000) + 50
    )
    return () => window.clearTimeout(timer)
  }, [now])
  return now
}

/** The time of day at `now` in `zone` ("3:42 PM"), in the app's language; null if unknown. */
function localTime(zone: string, now: Date): string | null {
  try {
    return dateFormat({ hour: 'numeric', minute: '2-digit', timeZone: zone }).format(now)
  } catch {
    return null
  }
}
