import { t } from '@lingui/core/macro'
import { Link } from '../../../ui/Link.tsx'
import { AuthLayout } from './AuthLayout.tsx'

/** /reset-password without the session its link brings: the link was used or is too old. */
export function ResetLinkExpiredPage() {
  return (
    <AuthLayout title={t`Reset link expired`}>
      <p>{t`This reset link is no longer valid. Ask for a new one.`}</p>
      <p className="auth-links">
        <Link href="/forgot-password">{t`Send a new reset link`}</Link>
      </p>
    </AuthLayout>
  )
}
