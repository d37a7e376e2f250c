import { t } from '@lingui/core/macro'
import { cleanError } from '../../../lib/clean-error.ts'
import { Select } from '../../../ui/Select.tsx'
import { useGuestsQuery } from '../../guests/index.ts'
import { useSetGuestKind } from '../data/guest-admin.ts'
import type { GuestKind } from '../data/guest-admin.ts'

export interface GuestKindSelectProps {
  workspaceId: string
  userId: string
  name: string
}

/** For owners and admins, beside a guest in the members dialog: single- or multi-channel. */
export function GuestKindSelect({ workspaceId, userId, name }: GuestKindSelectProps) {
  const setKind = useSetGuestKind(workspaceId)
  const kind = useGuestsQuery(workspaceId).data?.find((g) => g.id === userId)?.kind
  if (!kind) return null
  return (
    <>
      <Select<GuestKind>
        inline
        hideLabel
        label={t`Kind of guest of ${name}`}
        value={kind}
        disabled={setKind.isPending}
        onValueChange={(next) => setKind.mutate({ userId, kind: next })}
        options={[
          { value: 'single', label: t`Single-channel` },
          { value: 'multi', label: t`Multi-channel` },
        ]}
      />
      {setKind.error && (
        <span role="alert" className="field-error">
          {cleanError(setKind.error)}
        </span>
      )}
    </>
  )
}
