// A page of its own outside a workspace (an invitation, an app's consent request): a card in the
// middle of the screen with its title, its content and the way back to the workspaces.
import { t } from '@lingui/core/macro'
import type { ReactNode } from 'react'
import { Link } from './Link.tsx'

export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="center-screen">
      <div className="card stack">
        <h1>{title}</h1>
        {children}
        <p className="auth-links">
          <Link href="/">{t`Go to my workspaces`}</Link>
        </p>
      </div>
    </main>
  )
}
