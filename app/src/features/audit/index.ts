// The audit log (issue 35): Settings, Audit log for workspace owners, a lazy chunk opened from the
// workspace menu. The log itself is written by the database's triggers, never by the app.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const AuditLogDialog = lazyRetrying(
  () => import('./components/AuditLogDialog.tsx'),
  NotLoaded
)
