// Threads as a view of the workspace (slots/view.ts): the threads I follow, at /w/<id>/threads.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'
import { ThreadsLink } from './components/ThreadsLink.tsx'

export default {
  path: 'threads',
  order: 10,
  Link: ThreadsLink,
  load: () => import('./components/ThreadsView.tsx'),
  loading: msg`Loading threads`,
} satisfies WorkspaceView
