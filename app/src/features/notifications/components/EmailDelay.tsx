// Workspace settings' email delay (features/preferences' dialog shows it to owners and admins):
// when unread mentions and direct messages are emailed, checked as it is typed. A lazy chunk,
// with the settings it reads and their changes.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { useNotificationSettings } from '../data/settings.ts'
import { useNotificationMutations } from '../data/settings-changes.ts'

export default function EmailDelay({ workspaceId }: { workspaceId: string }) {
  const settings = useNotificationSettings(workspaceId)
  if (settings.error) {
    return (
      <p role="alert" className="error">
        {cleanError(settings.error)}
      </p>
    )
  }
  if (!settings.data) return null
  // A new value from the server starts the field afresh.
  const minutes = settings.data.emailDelayMinutes
  return <DelayForm key={minutes} workspaceId={workspaceId} minutes={minutes} />
}

function DelayForm({ workspaceId, minutes }: { workspaceId: string; minutes: number }) {
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
