// The integrations dialog as the shell's dialog host opens it (a lazy chunk: feature.ts): the
// features' sections (slots/integrations.ts, found by features/integrations-sections.tsx), in
// their order, each a lazy chunk shown once it is in. It names none of them.
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { IntegrationsSections } from '../integrations-sections.tsx'
import './components/integrations.css'

export default function Integrations(p: WorkspaceDialogProps) {
  const nameOf = (id: string | null) =>
    p.members.find((m) => m.userId === id)?.displayName ?? 'Former member'
  return (
    <Dialog title="Integrations" open onClose={p.onClose} wide>
      <IntegrationsSections
        workspaceId={p.workspaceId}
        channels={p.channels}
        members={p.members}
        nameOf={nameOf}
      />
    </Dialog>
  )
}
