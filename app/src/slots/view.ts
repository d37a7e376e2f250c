// The workspace's views (issue 51, item 1): a place of the main pane other than a channel
// (Activity, All unreads, Threads, Later), at /w/<workspace>/<path>, with its link in the
// sidebar. A feature adds one in its workspace-view.tsx; features/workspace-views.tsx finds them
// by import.meta.glob and draws every link alike (icon, name). The link is first-screen code; the
// view is a lazy chunk, which also draws the link's count (fetched a moment after the first screen).
import type { MessageDescriptor } from '@lingui/core'
import type { ComponentType, ReactElement, ReactNode } from 'react'
import type { IconName } from '../ui/icons.ts'
import type { People } from './message.ts'

export interface ViewLinkProps {
  workspaceId: string
  me: string
  /** The view is open. */
  active: boolean
  /** The link was followed (the drawer closes at phone width). */
  onNavigate: () => void
}

export interface ViewProps {
  workspaceId: string
  people: People
  /** Opens the sidebar's drawer (at phone width, where the view's header has its button). */
  onShowChannels?: () => void
  /** The features' parts of the header (search, with the switcher's keys), for its end. */
  parts?: ReactNode
}

/** What a view's count is given: the view's link to draw with the count. */
export interface ViewCountProps {
  workspaceId: string
  me: string
  /** The link with a count, its accessible name saying what the count means ("Threads, 3
   *  unread"), worded in the app's language. */
  link: (count: number, countLabel: string) => ReactElement
}

/** A feature's workspace-view.tsx default export. */
export interface WorkspaceView {
  /** Its path under the workspace: lowercase letters and '-', not a path the shell has. */
  path: string
  /** Its link's place in the sidebar (lowest first). */
  order: number
  icon: IconName
  /** Its name (`msg`: read when shown, in the app's language). */
  label: MessageDescriptor
  /** The view, and its link's count (unread, due: `Count`, in the same chunk, loaded a moment
   *  after the first screen). */
  load: () => Promise<{ default: ComponentType<ViewProps>; Count?: ComponentType<ViewCountProps> }>
}
