// "Install Chorus on your phone" (the first steps' last step): how to add Chorus to a phone's
// home screen (it is an installable web app: its manifest and service worker, e2e/installable),
// and, where the browser offers it here, its own install prompt. Push notifications on a phone
// come with the installed app (iOS gives them to home-screen apps only).
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useEffect, useReducer, useState } from 'react'
import { Dialog } from '../../../ui/Dialog.tsx'
import type { WorkspaceDialogProps } from '../../../slots/workspace.ts'
import { runsInstalled } from '../data/first-steps.ts'
import { installPrompt, onInstallPrompt, promptInstall } from '../data/install.ts'
import './first-steps.css'

export default function InstallDialog({ onClose }: WorkspaceDialogProps) {
  const [, offered] = useReducer((n: number) => n + 1, 0)
  useEffect(() => onInstallPrompt(offered), [])
  const [installed, setInstalled] = useState(runsInstalled)
  const address = window.location.origin
  return (
    <Dialog title={t`Install Chorus on your phone`} open onClose={onClose}>
      <div className="install-app">
        {installed ? (
          <p className="notice notice-success">{t`Chorus is installed on this device.`}</p>
        ) : (
          installPrompt() && (
            <p>
              <button
                type="button"
                className="button"
                onClick={() => void promptInstall().then((done) => done && setInstalled(true))}
              >
                {t`Install Chorus on this device`}
              </button>
            </p>
          )
        )}
        <p>
          <Trans>
            On your phone, open <strong dir="ltr">{address}</strong> and sign in, then:
          </Trans>
        </p>
        <ol className="install-app-ways">
          <li>
            <strong>{t`iPhone or iPad`}</strong>
            <span>{t`In Safari, tap Share, then “Add to Home Screen”.`}</span>
          </li>
          <li>
            <strong>{t`Android`}</strong>
            <span>{t`In Chrome, open the ⋮ menu, then “Install app” (or “Add to Home screen”).`}</span>
          </li>
        </ol>
        <p className="muted">
          {t`Open Chorus from its icon, then turn on push notifications in Preferences, Notifications: messages for you reach your phone.`}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t`Done`}
          </button>
        </div>
      </div>
    </Dialog>
  )
}
