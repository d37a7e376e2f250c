// The workspace's views (issue 51, item 1): a place of the main pane other than a channel
// (Threads, Later), at /w/<workspace>/<path>, with its link in the sidebar. A feature adds one in
// its workspace-view.tsx; features/workspace-views.tsx finds them by import.meta.glob. The link
// is first-screen code (keep it small: count after the first screen); the view is a lazy chunk.
import type { MessageDescriptor } from '@lingui/core'
import type { ComponentType } from 'react'
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
}

/** A feature's workspace-view.tsx default export. */
export interface WorkspaceView {
  /** Its path under the workspace: lowercase letters and '-', not a path the shell has. */
  path: string
  /** Its link's place in the sidebar (lowest first). */
  order: number
  Link: ComponentType<ViewLinkProps>
  load: () => Promise<{ default: ComponentType<ViewProps> }>
  /** What the spinner says while its code loads (`msg`: read when shown, in the app's language). */
  loading: MessageDescriptor
}
