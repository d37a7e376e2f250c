// Later as a view of the workspace (slots/view.ts): my saved messages, at /w/<id>/later.
import { msg } from '@lingui/core/macro'
import type { WorkspaceView } from '../../slots/view.ts'
import { LaterLink } from './components/LaterLink.tsx'

export default {
  path: 'later',
  order: 20,
  Link: LaterLink,
  load: () => import('./components/LaterView.tsx'),
  loading: msg`Loading saved messages`,
} satisfies WorkspaceView
