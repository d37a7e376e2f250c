// Activity as a view of the workspace (slots/view.ts): what happened to me, at /w/<id>/activity.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'

export default {
  path: 'activity',
  order: 1,
  icon: 'bell',
  label: msg`Activity`,
  load: () => import('./components/ActivityView.tsx'),
} satisfies WorkspaceView
