import { t } from '@lingui/core/macro'
import { Icon } from '../ui/Icon.tsx'
import type { ReactNode } from 'react'
import type { Channel } from '../features/channels/index.ts'

interface Props {
  channel: Channel
  label: string
  memberCount: number | null
  onToggleSidebar: () => void
  onToggleMembers: () => void
  /** Whether the members panel is open (the toggle shows it pressed). */
  membersOpen?: boolean
  onSettings: () => void
  onAddPeople: (() => void) | null
  /** The features' parts of the header (features/header-parts.tsx: search). */
  parts?: ReactNode
  /** Their parts under its name (a DM's other person). */
  about?: ReactNode
}

export function ChannelHeader({
  channel,
  label,
  onToggleSidebar,
  onToggleMembers,
  membersOpen = false,
  onSettings,
  onAddPeople,
  parts,
  about,
}: Props) {
  const prefix =
    channel.kind === 'public' ? (
      '#'
    ) : channel.kind === 'private' ? (
      <Icon name="lock" size={16} />
    ) : (
      ''
    )
  return (
    <header className="channel-header">
      <button
        type="button"
        className="icon-button only-narrow"
        aria-label={t`Show channels`}
        onClick={onToggleSidebar}
      >
        <Icon name="menu" size={18} />
      </button>
      <div className="channel-title">
        <h2>
          <span aria-hidden="true">{prefix}</span>
          <bdi title={label}>{label}</bdi>
          {channel.archivedAt && <span className="muted"> {t`(archived)`}</span>}
        </h2>
        {about}
        {channel.topic && (
          <p className="channel-topic" title={channel.topic}>
            {channel.topic}
          </p>
        )}
      </div>
      <div className="channel-actions">
        {parts}
        {onAddPeople && (
          <button
            type="button"
            className="icon-button"
            aria-label={t`Add people to the channel`}
            onClick={onAddPeople}
          >
            <Icon name="user-plus" size={18} />
          </button>
        )}
        <button
          type="button"
          className="icon-button"
          aria-label={t`Show members`}
          aria-pressed={membersOpen}
          onClick={onToggleMembers}
        >
          <Icon name="users" size={18} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t`Channel settings`}
          onClick={onSettings}
        >
          <Icon name="settings" size={18} />
        </button>
      </div>
    </header>
  )
}
