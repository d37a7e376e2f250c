// A workspace of the rail that cannot be opened: the shell's "not available", inside each
// feature's gate that may explain it better (features/registry.ts, slots/workspace.ts: closed
// by two-factor sign-in, a suspended membership). A lazy chunk, loaded only then.
import { t } from '@lingui/core/macro'
import { Suspense } from 'react'
import type { ReactNode } from 'react'
import { workspaceGates } from '../features/registry.ts'
import { Link } from '../ui/Link.tsx'
import { Spinner } from '../ui/Notice.tsx'

export default function NotAvailable({
  workspaceId,
  email,
}: {
  workspaceId: string
  email: string
}) {
  const card: ReactNode = (
    <div className="card">
      <h1>{t`Workspace not available`}</h1>
      <p className="muted">{t`You are not a member of this workspace (anymore).`}</p>
      <Link href="/">{t`Go to my workspaces`}</Link>
    </div>
  )
  const gated = workspaceGates.reduceRight<ReactNode>(
    (inner, Gate) => (
      <Gate workspaceId={workspaceId} email={email}>
        {inner}
      </Gate>
    ),
    card
  )
  return <Suspense fallback={<Spinner />}>{gated}</Suspense>
}
