// The workspace's channels and direct messages with unread counts. Alt+Up/Down (handled by the
// shell, in the same order: sidebar-order.ts) moves between them; the list itself is plain
// links, so Tab works too.
import { plural, t } from '@lingui/core/macro'
import { Suspense } from 'react'
import { Icon } from '../../../ui/Icon.tsx'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { badgeOf, NotificationPrompt } from '../../notifications/index.ts'
import { Link } from '../../../ui/Link.tsx'
import { PersonParts } from '../../person-parts.tsx'
import { arrange, loadSectionControls, shownIn, useSectionRows } from '../../sections/index.ts'
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'
import { sidebarSections } from '../data/sidebar-order.ts'
import { channelLabel } from '../data/types.ts'
import type { Channel } from '../data/types.ts'
import type { Draw } from '../../sections/index.ts'

/**
 * A long section's first render draws its first FIRST_LINKS (more than a screenful), the rest
 * once the first screen is shown: a workspace of 300 channels made opening wait for the render
 * and layout of 260 links below the fold (bench:app-size). The open channel's link is drawn at
 * once wherever it is.
 */
export const FIRST_LINKS = 40

function firstLinks(list: Channel[], activeId: string | null, all: boolean): Channel[] {
  if (all || list.length <= FIRST_LINKS) return list
  return list.filter((c, i) => i < FIRST_LINKS || c.id === activeId)
}

interface Props {
  workspaceId: string
  channels: Channel[]
  activeId: string | null
  me: string
  /** Who is online; `dnd`: who of them is in Do Not Disturb. */
  online: ReadonlySet<string> & { readonly dnd?: ReadonlySet<string> }
  /** Absent for a guest: no "Browse channels", no "Create a channel". */
  onBrowse?: () => void
  onCreate?: () => void
  onNewDm: () => void
  /** Preferences, at its notifications. */
  onPreferences: () => void
  onNavigate?: () => void
  /** The list arrived: until then no section claims to be empty. */
  loaded?: boolean
}

// What makes the sections act (collapse, their menus, a channel's): once the first screen is shown.
const SectionControls = lazyRetrying(loadSectionControls, Nothing)

export function Sidebar(props: Props) {
  const { channels, activeId, me, workspaceId } = props
  const { rooms, dms } = sidebarSections(channels, me)
  const sections = arrange(rooms, dms, useSectionRows(workspaceId).data)
  const afterFirstScreen = useAfterFirstScreen()
  // How a section and a link are drawn: here, and by the chunk that makes them act (dragged).
  const draw: Draw<Channel> = {
    link: (c, own) => (
      <ChannelLink key={c.id} {...props} own={own} channel={c} active={c.id === activeId} />
    ),
    section: (s, links, own) => {
      // A built-in section has no name of its own.
      const title =
        s.name ??
        { starred: t`Starred`, channels: t`Channels`, dms: t`Direct messages` }[s.kind as 'dms']
      const add = s.kind === 'dms' ? props.onNewDm : s.kind === 'channels' && props.onCreate
      return (
        <section key={s.key} data-section={s.key} {...own}>
          <header className="sidebar-heading">
            <h2>
              <button type="button" className="section-toggle" aria-expanded={!s.collapsed}>
                <Icon name="chevron-down" size={14} />
                <bdi title={title}>{title}</bdi>
              </button>
            </h2>
            <button
              type="button"
              className="icon-button section-more"
              aria-label={t`Section options: ${title}`}
              aria-haspopup="menu"
            >
              <Icon name="ellipsis" size={16} />
            </button>
            {add && (
              <button
                type="button"
                className="icon-button"
                aria-label={s.kind === 'dms' ? t`New direct message` : t`Create a channel`}
                onClick={add}
              >
                +
              </button>
            )}
          </header>
          {s.kind === 'dms' && !dms.length && props.loaded !== false ? (
            <p className="muted sidebar-empty">
              {t`No conversations yet. Press + to message someone.`}
            </p>
          ) : (
            <ul>{links}</ul>
          )}
          {s.kind === 'channels' && !s.collapsed && (
            <>
              {props.onBrowse && (
                <button type="button" className="link-button sidebar-more" onClick={props.onBrowse}>
                  {t`Browse channels`}
                </button>
              )}
              <button
                type="button"
                className="link-button sidebar-more"
                onClick={props.onPreferences}
              >
                {t`Notifications`}
              </button>
            </>
          )}
        </section>
      )
    },
  }
  const plain = sections.map((s) =>
    draw.section(
      s,
      firstLinks(shownIn(s, activeId), activeId, afterFirstScreen).map((c) => draw.link(c))
    )
  )
  return (
    <nav className="sidebar-lists" aria-label={t`Channels and direct messages`}>
      {afterFirstScreen ? (
        // The sections made to act (and dragged) once their chunk is in; until then as drawn.
        // The prompt for notifications comes after them: arriving later than the first screen,
        // above them it would push every channel down under a pointer about to click one.
        <Suspense fallback={plain}>
          <SectionControls {...{ workspaceId, sections, draw, activeId }} />
          <NotificationPrompt />
        </Suspense>
      ) : (
        plain
      )}
    </nav>
  )
}

function ChannelLink(props: Props & { channel: Channel; active: boolean; own?: object }) {
  const { channel, active, me, online } = props
  const label = channelLabel(channel, me)
  // The open channel's new messages are on screen: no badge while the read marker catches up
  // (it follows ~0.4 s later, and my own sends move last_seq before that).
  const unread = active ? 0 : channel.unread
  // Mentions, and every message of a DM, as a red count; other unread as bold; muted: neither.
  const badge = badgeOf({ ...channel, unread })
  const others = channel.dmMembers.filter((m) => m.id !== me)
  const isOnline =
    channel.kind === 'dm' && others.length > 0 && others.every((m) => online.has(m.id))
  const dnd = isOnline && others.every((m) => online.dnd?.has(m.id))
  const prefix =
    channel.kind === 'public' ? (
      '#'
    ) : channel.kind === 'private' ? (
      <Icon name="lock" size={14} />
    ) : null
  const mentions = channel.mentions
  // Read out as a list: its name, then each state on its own.
  const description = [
    label,
    channel.kind === 'private'
      ? t`private channel`
      : channel.kind === 'dm'
        ? t`direct message`
        : t`channel`,
    unread > 0 ? plural(unread, { one: '# unread', other: '# unread' }) : null,
    unread > 0 && mentions > 0 ? plural(mentions, { one: '# mention', other: '# mentions' }) : null,
    channel.muted ? t`muted` : null,
    dnd ? t`do not disturb` : null,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <li {...props.own}>
      <Link
        href={`/w/${props.workspaceId}/c/${channel.id}`}
        className={`channel-link${active ? ' active' : ''}${badge.bold ? ' unread' : ''}${channel.muted ? ' muted' : ''}`}
        aria-current={active ? 'page' : undefined}
        aria-label={description}
        data-channel-id={channel.id}
        data-default={channel.isDefault || undefined}
        // My read position as this device holds it: what a test waits on to know a read (here or
        // elsewhere) was taken in.
        data-read-seq={channel.lastReadSeq}
        onClick={props.onNavigate}
      >
        {prefix ? (
          <span className="channel-prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : (
          <span
            className={isOnline ? `presence-dot online${dnd ? ' dnd' : ''}` : 'presence-dot'}
            title={dnd ? t`Do not disturb` : undefined}
            aria-hidden="true"
          />
        )}
        <bdi className="channel-name" title={label}>
          {label}
        </bdi>
        {channel.kind === 'dm' && others.length === 1 && (
          <PersonParts place="status" userId={others[0]!.id} />
        )}
        {badge.count > 0 && (
          <span className="badge badge-mention" aria-hidden="true">
            {badge.count > 99 ? '99+' : badge.count}
          </span>
        )}
      </Link>
    </li>
  )
}
