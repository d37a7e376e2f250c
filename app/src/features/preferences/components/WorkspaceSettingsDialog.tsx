// Workspace settings: what owners and admins decide for everyone in the workspace, apart from
// anyone's Preferences: when unread mentions and direct messages are emailed, whether
// notifications show message text, and the largest file people can share. The menu shows it
// only to them; the server refuses anyone else (set_workspace_email_delay,
// set_notification_content_hidden, set_workspace_file_limit).
import { t } from '@lingui/core/macro'
import { Suspense } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Switch } from '../../../ui/Switch.tsx'
import { EmailDelay } from '../../notifications/index.ts'
import { useHideContent } from '../../push/index.ts'
import { FileLimit } from './FileLimit.tsx'
import './preferences.css'

interface Props {
  workspaceId: string
  workspaceName: string
  onClose: () => void
}

export function WorkspaceSettingsDialog({ workspaceId, workspaceName, onClose }: Props) {
  const { hidden, set } = useHideContent(workspaceId)
  const error = set.error ?? hidden.error
  return (
    <Dialog title={t`Workspace settings`} open onClose={onClose}>
      <div className="stack preferences-tab">
        <p className="muted">{t`These apply to everyone in ${workspaceName}.`}</p>
        <section className="preferences-section" aria-labelledby="ws-notifications">
          <h3 id="ws-notifications">{t`Notifications`}</h3>
          <Suspense fallback={null}>
            <EmailDelay workspaceId={workspaceId} />
          </Suspense>
          {hidden.data !== undefined && (
            <Switch
              label={t`Hide message text in notifications`}
              hint={t`Pushes and emails show only who wrote and where.`}
              checked={hidden.data}
              onCheckedChange={(value) => set.mutate(value)}
            />
          )}
        </section>
        <section className="preferences-section" aria-labelledby="ws-files">
          <h3 id="ws-files">{t`Files`}</h3>
          <FileLimit workspaceId={workspaceId} />
        </section>
        {error && (
          <p role="alert" className="error">
            {cleanError(error)}
          </p>
        )}
      </div>
    </Dialog>
  )
}
