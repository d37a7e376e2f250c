// The shell's dialog host: at most one dialog is open, named by its id. The shell only says
// which; the feature that declares it (features/registry.ts, slots/workspace.ts) is handed the
// workspace as the shell knows it. Loaded lazily, with the registry, when the first dialog opens
// (none is part of the first screen).
import { Suspense } from 'react'
import { workspaceDialog } from '../features/registry.ts'
import type { WorkspaceDialogProps } from '../slots/workspace.ts'

export default function DialogHost({
  dialog,
  ...props
}: { dialog: string } & WorkspaceDialogProps) {
  const Dialog = workspaceDialog(dialog)
  if (!Dialog) return null
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  )
}
