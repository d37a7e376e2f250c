// Scheduled as a view of the workspace (slots/view.ts): my messages waiting to be sent, at
// /w/<id>/scheduled.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'

export default {
  path: 'scheduled',
  order: 25,
  icon: 'send-horizontal',
  label: msg`Scheduled`,
  load: () => import('./components/ScheduledView.tsx'),
} satisfies WorkspaceView
