// Threads as a view of the workspace (slots/view.ts): the threads I follow, at /w/<id>/threads.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'

export default {
  path: 'threads',
  order: 10,
  icon: 'messages-square',
  label: msg`Threads`,
  load: () => import('./components/ThreadsView.tsx'),
} satisfies WorkspaceView
