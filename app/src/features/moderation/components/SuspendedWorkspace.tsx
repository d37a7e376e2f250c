// A workspace the shell cannot open because an admin suspended me from it: say so by its name
// (suspended_workspaces(): I can read nothing else of it); otherwise the shell's own words.
import { t } from '@lingui/core/macro'
import type { ReactNode } from 'react'
import { Spinner } from '../../../ui/Notice.tsx'
import { useSuspendedFrom } from '../data/moderation.ts'

export default function SuspendedWorkspace(props: { workspaceId: string; children: ReactNode }) {
  const mine = useSuspendedFrom()
  if (mine.isPending) return <Spinner />
  const suspended = mine.data?.find((w) => w.id === props.workspaceId)
  if (!suspended) return props.children
  const name = suspended.name
  return (
    <div className="card stack" role="alert">
      <h1>{t`You were suspended from ${name}`}</h1>
      <p className="muted">
        {t`An admin of ${name} suspended your account there. Everything is kept as it was and comes back if the suspension is lifted.`}
      </p>
    </div>
  )
}
