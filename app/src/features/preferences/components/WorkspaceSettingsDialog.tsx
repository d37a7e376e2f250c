// Workspace settings: what owners and admins decide for everyone in the workspace, apart from
// anyone's Preferences: when unread mentions and direct messages are emailed, and whether
// notifications show message text. The menu shows it only to them; the server refuses anyone
// else (set_workspace_email_delay, set_notification_content_hidden).
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Switch } from '../../../ui/Switch.tsx'
import { useNotificationMutations, useNotificationSettings } from '../../notifications/index.ts'
import { useHideContent } from '../../push/index.ts'
import './preferences.css'

interface Props {
  workspaceId: string
  workspaceName: string
  onClose: () => void
}

export function WorkspaceSettingsDialog({ workspaceId, workspaceName, onClose }: Props) {
  const settings = useNotificationSettings(workspaceId)
  const { hidden, set } = useHideContent(workspaceId)
  const error = set.error ?? hidden.error ?? settings.error
  return (
    <Dialog title={t`Workspace settings`} open onClose={onClose}>
      <div className="stack preferences-tab">
        <p className="muted">{t`These apply to everyone in ${workspaceName}.`}</p>
        <section className="preferences-section" aria-labelledby="ws-notifications">
          <h3 id="ws-notifications">{t`Notifications`}</h3>
          {settings.data && (
            <EmailDelay
              key={settings.data.emailDelayMinutes}
              workspaceId={workspaceId}
              minutes={settings.data.emailDelayMinutes}
            />
          )}
          {hidden.data !== undefined && (
            <Switch
              label={t`Hide message text in notifications`}
              hint={t`Pushes and emails show only who wrote and where.`}
              checked={hidden.data}
              onCheckedChange={(value) => set.mutate(value)}
            />
          )}
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

function EmailDelay({ workspaceId, minutes }: { workspaceId: string; minutes: number }) {
  const [value, setValue] = useState(String(minutes))
  const m = useNotificationMutations(workspaceId)
  const n = Number(value)
  const invalid = value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 1440
  return (
    <form
      className="field"
      onSubmit={(e) => {
        e.preventDefault()
        if (!invalid) m.emailDelay.mutate(n)
      }}
    >
      <label htmlFor="ws-email-delay">{t`Email unread mentions and direct messages after`}</label>
      <div className="email-delay-row">
        <input
          id="ws-email-delay"
          type="number"
          inputMode="numeric"
          min={0}
          max={1440}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby="ws-email-delay-hint"
          onChange={(e) => setValue(e.target.value)}
        />
        <span>{t`minutes`}</span>
        <button
          type="submit"
          className="button"
          disabled={invalid || n === minutes || m.emailDelay.isPending}
        >
          {t`Save`}
        </button>
      </div>
      <div id="ws-email-delay-hint" className={invalid ? 'field-error' : 'field-hint'}>
        {invalid
          ? t`Enter a whole number of minutes from 0 to 1440.`
          : t`Each person can turn these emails off in their Preferences.`}
      </div>
      {m.emailDelay.error && (
        <div role="alert" className="field-error">
          {cleanError(m.emailDelay.error)}
        </div>
      )}
    </form>
  )
}
