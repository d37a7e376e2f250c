// Preferences: mine, in this workspace and everywhere (Slack's Preferences). Tabs: Notifications
// (the open conversation, my default, Do Not Disturb, emails, push), Appearance (theme, sidebar
// density) and Language. The workspace's own settings are apart (WorkspaceSettingsDialog).
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Tabs } from '../../../ui/Tabs.tsx'
import { AppearanceTab } from './AppearanceTab.tsx'
import { LanguageTab } from './LanguageTab.tsx'
import { NotificationsTab } from '../../notifications/index.ts'
import type { OpenConversation } from '../../notifications/index.ts'
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
                <Suspense fallback={null}>
                  <NotificationsTab
                    workspaceId={workspaceId}
                    conversation={conversation}
                    onClose={onClose}
                  />
                </Suspense>
              ),
            },
            { value: 'appearance', label: t`Appearance`, content: <AppearanceTab me={me} /> },
            { value: 'language', label: t`Language`, content: <LanguageTab me={me} /> },
          ]}
        />
      </div>
    </Dialog>
  )
}
