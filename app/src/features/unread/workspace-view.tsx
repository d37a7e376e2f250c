// All unreads as a view of the workspace (slots/view.ts): my unread messages by channel, at
// /w/<id>/unreads.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'

export default {
  path: 'unreads',
  order: 2,
  icon: 'inbox',
  label: msg`All unreads`,
  load: () => import('./components/UnreadsView.tsx'),
} satisfies WorkspaceView
