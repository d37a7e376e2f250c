// Later as a view of the workspace (slots/view.ts): my saved messages, at /w/<id>/later.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'

export default {
  path: 'later',
  order: 20,
  icon: 'bookmark',
  label: msg`Later`,
  load: () => import('./components/LaterView.tsx'),
} satisfies WorkspaceView
