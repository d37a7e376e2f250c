// The views slot, filled (slots/view.ts): every feature folder with a workspace-view.tsx is in,
// found at build time by Vite's import.meta.glob (eager: their links are on the first screen; each
// view is a lazy chunk), in the order of their `order`. Adding one touches only its folder.
import { lazyRetrying } from '../lib/lazy.ts'
import type { ViewProps, WorkspaceView } from '../slots/view.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'

const found = import.meta.glob<WorkspaceView>('./*/workspace-view.tsx', {
  eager: true,
  import: 'default',
})

/** The views, in their sidebar order. */
export const workspaceViews: readonly WorkspaceView[] = Object.values(found).sort(
  (a, b) => a.order - b.order
)

const views = new Map(
  workspaceViews.map((v) => [v.path, { ...v, View: lazyRetrying<ViewProps>(v.load, NotLoaded) }])
)

/** The view at this path (undefined: no feature has one). */
export function workspaceView(path: string) {
  return views.get(path)
}
