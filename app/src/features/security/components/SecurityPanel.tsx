// Settings, Security: its own chunk, loaded when opened from the profile dialog.
import { EmailSection, PasswordSection } from './AccountSection.tsx'
import { AppsSection } from './AppsSection.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { TwoFactorSection } from './TwoFactorSection.tsx'
import { BlockedWorkspacesNotice, WorkspacePolicySection } from './WorkspacePolicySection.tsx'
import './security.css'

export default function SecurityPanel({ email }: { email: string }) {
  return (
    <div className="stack security-panel">
      <BlockedWorkspacesNotice />
      <TwoFactorSection />
      <WorkspacePolicySection />
      <SessionsSection />
      <AppsSection />
      <PasswordSection email={email} />
      <EmailSection email={email} />
    </div>
  )
}
