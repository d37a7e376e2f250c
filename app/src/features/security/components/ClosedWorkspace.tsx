// A workspace the shell cannot open: when it is closed to this session by two-factor sign-in
// (mfa_blocked_workspaces), say so and offer Settings, Security; otherwise show the shell's own
// "not available".
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Spinner } from '../../../ui/Notice.tsx'
import { useBlockedWorkspaces } from '../data/workspace-policy.ts'
import SecurityPanel from './SecurityPanel.tsx'

export default function ClosedWorkspace({
  workspaceId,
  email,
  children,
}: {
  workspaceId: string
  email: string
  children: ReactNode
}) {
  const blocked = useBlockedWorkspaces()
  const [open, setOpen] = useState(false)
  if (blocked.isPending) return <Spinner />
  const mine = blocked.data?.find((w) => w.id === workspaceId)
  if (!mine) return children
  const name = mine.name
  return (
    <div className="card stack">
      <h1>{t`Two-factor sign-in required`}</h1>
      <p>
        {t`${name} requires two-factor sign-in. Add an authenticator app or a security key to your account to open it.`}
      </p>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        {t`Set up two-factor sign-in`}
      </button>
      <Dialog title={t`Security`} open={open} onClose={() => setOpen(false)}>
        {open && <SecurityPanel email={email} />}
      </Dialog>
    </div>
  )
}
