// Drafts as a view of the workspace (slots/view.ts): what I am writing, at /w/<id>/drafts.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'

export default {
  path: 'drafts',
  order: 15,
  icon: 'pencil',
  label: msg`Drafts`,
  load: () => import('./components/DraftsView.tsx'),
} satisfies WorkspaceView
