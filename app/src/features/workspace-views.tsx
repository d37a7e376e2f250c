// The views slot, filled (slots/view.ts): every feature folder with a workspace-view.tsx is in,
// found at build time by Vite's import.meta.glob (eager: their links are on the first screen; each
// view, with its link's count, is a lazy chunk), in the order of their `order`. Adding one touches only
// its folder.
import { i18n } from '@lingui/core'
import { Suspense } from 'react'
import { useAfterFirstScreen } from '../lib/first-screen.ts'
import { lazyRetrying } from '../lib/lazy.ts'
import type { ViewCountProps, ViewLinkProps, ViewProps, WorkspaceView } from '../slots/view.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'
import { SidebarLink } from '../ui/SidebarLink.tsx'

const found = import.meta.glob<WorkspaceView>('./*/workspace-view.tsx', {
  eager: true,
  import: 'default',
})

/** The views, in their sidebar order. */
export const workspaceViews: readonly WorkspaceView[] = Object.values(found).sort(
  (a, b) => a.order - b.order
)

// Without its code (offline, for good) the link stays, without a count.
const noCount = (props: ViewCountProps) => props.link(0, '')

const views = new Map(
  workspaceViews.map((v) => [
    v.path,
    {
      ...v,
      View: lazyRetrying<ViewProps>(v.load, NotLoaded),
      Count: lazyRetrying<ViewCountProps>(
        () => v.load().then((m) => ({ default: m.Count ?? noCount })),
        noCount
      ),
    },
  ])
)

/** The view at this path (undefined: no feature has one). */
export function workspaceView(path: string) {
  return views.get(path)
}

/** A view's sidebar link: its icon and name at once, its count a moment after the first screen. */
export function ViewLink({ path, ...props }: ViewLinkProps & { path: string }) {
  const view = views.get(path)!
  const counting = useAfterFirstScreen()
  const link = (count: number, countLabel: string) => (
    <SidebarLink
      href={`/w/${props.workspaceId}/${path}`}
      icon={view.icon}
      label={i18n._(view.label)}
      active={props.active}
      onNavigate={props.onNavigate}
      count={count}
      countLabel={countLabel}
    />
  )
  const { Count } = view
  if (!counting) return link(0, '')
  return (
    <Suspense fallback={link(0, '')}>
      <Count workspaceId={props.workspaceId} me={props.me} link={link} />
    </Suspense>
  )
}
