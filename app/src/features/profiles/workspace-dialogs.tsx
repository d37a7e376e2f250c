// My profile as the shell's dialog host opens it (a lazy chunk: feature.ts): signing out from it
// goes to the sign-in page.
import { navigate } from '../../lib/router.ts'
import { useSignOut } from '../auth/index.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import { ProfileDialog } from './components/ProfileDialog.tsx'

export default function Profile(p: WorkspaceDialogProps) {
  const signOut = useSignOut()
  return (
    <ProfileDialog
      userId={p.me}
      email={p.email}
      open
      onClose={p.onClose}
      onSignOut={() => signOut.mutate(undefined, { onSuccess: () => navigate('/sign-in') })}
    />
  )
}
