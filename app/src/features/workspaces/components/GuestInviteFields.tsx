// The invite dialog's part for a guest: which channels they may use and whether they are a
// single-channel guest (exactly one) or a multi-channel one. The database checks it all again
// (invites_before_insert); this only makes the right choice easy.
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { useInvitableChannels } from '../data/guest-admin.ts'
import type { GuestKind } from '../data/guest-admin.ts'
import './guest-invite.css'

export interface GuestInviteFieldsProps {
  workspaceId: string
  kind: GuestKind
  channelIds: string[]
  onChange: (v: { kind: GuestKind; channelIds: string[] }) => void
}

export function GuestInviteFields({
  workspaceId,
  kind,
  channelIds,
  onChange,
}: GuestInviteFieldsProps) {
  const channels = useInvitableChannels(workspaceId, true)
  const toggle = (id: string, on: boolean) =>
    onChange({
      kind,
      channelIds:
        kind === 'single'
          ? on
            ? [id]
            : []
          : on
            ? [...channelIds, id]
            : channelIds.filter((c) => c !== id),
    })
  return (
    <fieldset className="stack guest-invite">
      <legend>{t`Guest access`}</legend>
      <p className="muted">
        {t`Guests see only the channels you pick and their people, and cannot browse or create channels. They are invited by email.`}
      </p>
      <Select<GuestKind>
        label={t`Kind of guest`}
        value={kind}
        onValueChange={(next) =>
          onChange({
            kind: next,
            channelIds: next === 'single' ? channelIds.slice(0, 1) : channelIds,
          })
        }
        options={[
          { value: 'single', label: t`Single-channel guest` },
          { value: 'multi', label: t`Multi-channel guest` },
        ]}
      />
      {channels.isPending ? (
        <Spinner label={t`Loading channels`} />
      ) : channels.error ? (
        <Notice tone="error">{cleanError(channels.error)}</Notice>
      ) : (
        <ul className="guest-channel-list" aria-label={t`Channels for the guest`}>
          {channels.data.map((c) => (
            <li key={c.id}>
              <label>
                <input
                  type={kind === 'single' ? 'radio' : 'checkbox'}
                  name="guest-channel"
                  checked={channelIds.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />{' '}
                {c.kind === 'private' ? <Icon name="lock" size={13} /> : '#'}
                {c.kind === 'private' && ' '}
                {c.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
