// Settings, Integrations (workspace owners and admins; a lazy chunk): the features' sections
// (slots/integrations.ts: each feature's integrations-section.tsx, found by
// features/integrations-sections.tsx), in their order, each a lazy chunk shown once it is in. The
// dialog names none of them.
import { t } from '@lingui/core/macro'
import type { Channel } from '../../channels/index.ts'
import type { Member } from '../../workspaces/index.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { memberName } from '../../../lib/member-name.ts'
import { IntegrationsSections } from '../../integrations-sections.tsx'
import './integrations.css'

export interface Props {
  workspaceId: string
  /** My channels in this workspace. */
  channels: Channel[]
  members: Member[]
  open: boolean
  onClose: () => void
}

export default function IntegrationsDialog(props: Props) {
  const { workspaceId, channels, members, open, onClose } = props
  const nameOf = (id: string | null) => memberName(members, id)
  return (
    <Dialog title={t`Integrations`} open={open} onClose={onClose} wide>
      <IntegrationsSections
        workspaceId={workspaceId}
        channels={channels}
        members={members}
        nameOf={nameOf}
      />
    </Dialog>
  )
}
