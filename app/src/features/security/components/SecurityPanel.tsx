// Settings, Security: its own chunk, loaded when opened from the profile dialog. Connected apps
// come in a chunk of their own (with the design system's Select, which the first screen's
// preload lists would otherwise name beside this panel).
import { Suspense } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'
import { EmailSection, PasswordSection } from './AccountSection.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { TwoFactorSection } from './TwoFactorSection.tsx'
import { BlockedWorkspacesNotice, WorkspacePolicySection } from './WorkspacePolicySection.tsx'
import './security.css'

const AppsSection = lazyRetrying(() => import('./AppsSection.tsx'), NotLoaded)

export default function SecurityPanel({ email }: { email: string }) {
  return (
    <div className="stack security-panel">
      <BlockedWorkspacesNotice />
      <TwoFactorSection />
      <WorkspacePolicySection />
      <SessionsSection />
      <Suspense fallback={null}>
        <AppsSection />
      </Suspense>
      <PasswordSection email={email} />
      <EmailSection email={email} />
    </div>
  )
}
