// Adding people of the workspace to a channel.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { PeoplePicker } from '../../../ui/PeoplePicker.tsx'
import type { Person } from '../../../ui/PeoplePicker.tsx'
import { useChannelMutations } from '../data/channel-mutations.ts'
import type { Channel } from '../data/types.ts'
import type { Base } from './ChannelDialogs.tsx'

export function AddPeopleDialog({
  workspaceId,
  open,
  onClose,
  channel,
  candidates,
}: Base & { channel: Channel; candidates: Person[] }) {
  const [selected, setSelected] = useState<string[]>([])
  const { add } = useChannelMutations(workspaceId)
  const name = channel.name ?? ''
  return (
    <Dialog title={t`Add people to #${name}`} open={open} onClose={onClose}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          add.mutate(
            { channelId: channel.id, userIds: selected },
            {
              onSuccess: () => {
                setSelected([])
                onClose()
              },
            }
          )
        }}
      >
        <PeoplePicker
          label={t`People in the workspace`}
          people={candidates}
          selected={selected}
          onChange={setSelected}
        />
        {add.error && <Notice tone="error">{cleanError(add.error)}</Notice>}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={add.isPending || selected.length === 0}
          >
            {t`Add`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
