// Preferences: mine, in this workspace and everywhere (Slack's Preferences). Tabs: Notifications
// (the open conversation, my default, Do Not Disturb, emails, push), Appearance (theme, sidebar
// density) and Language. The workspace's own settings are apart (WorkspaceSettingsDialog).
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Tabs } from '../../../ui/Tabs.tsx'
import { AppearanceTab } from './AppearanceTab.tsx'
import { LanguageTab } from './LanguageTab.tsx'
import { NotificationsTab } from './NotificationsTab.tsx'
import type { OpenConversation } from './NotificationsTab.tsx'
import './preferences.css'

type Tab = 'notifications' | 'appearance' | 'language'

interface Props {
  workspaceId: string
  me: string
  conversation: OpenConversation | null
  onClose: () => void
}

export function PreferencesDialog({ workspaceId, me, conversation, onClose }: Props) {
  const [tab, setTab] = useState<Tab>('notifications')
  return (
    <Dialog title={t`Preferences`} open onClose={onClose} wide>
      <div className="preferences">
        <Tabs<Tab>
          label={t`Preferences`}
          value={tab}
          onValueChange={setTab}
          tabs={[
            {
              value: 'notifications',
              label: t`Notifications`,
              content: (
                <NotificationsTab
                  workspaceId={workspaceId}
                  conversation={conversation}
                  onClose={onClose}
                />
              ),
            },
            { value: 'appearance', label: t`Appearance`, content: <AppearanceTab /> },
            { value: 'language', label: t`Language`, content: <LanguageTab me={me} /> },
          ]}
        />
      </div>
    </Dialog>
  )
}
