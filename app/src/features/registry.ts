// Every feature's declaration of what it adds to the workspace (slots/workspace.ts): the
// workspace menu's items and the dialogs the shell's host opens. Every feature folder with a
// feature.ts (its default export: a WorkspaceFeature) is in, found at build time by Vite's
// import.meta.glob (eager: in this module's chunk), as message-extensions.ts finds the message
// screen's. Adding a menu item or a dialog touches only its feature's folder: nothing is listed
// here. Loaded with the workspace menu or the first dialog, never with the first screen.
import { lazyRetrying, Nothing } from '../lib/lazy.ts'
import type { WorkspaceDialogProps, WorkspaceFeature } from '../slots/workspace.ts'
import { NotLoaded } from '../ui/NotLoaded.tsx'

const found = import.meta.glob<WorkspaceFeature>('./*/feature.ts', {
  eager: true,
  import: 'default',
})

/** The features, by their folder's name. */
export const features: readonly WorkspaceFeature[] = Object.values(found)

/** The workspace menu's items, in their order. */
export const menuItems = features.flatMap((f) => f.menu ?? []).sort((a, b) => a.order - b.order)

const dialogs = new Map(
  features.flatMap((f) =>
    (f.dialogs ?? []).map((d) => [d.id, lazyRetrying<WorkspaceDialogProps>(d.load, NotLoaded)])
  )
)

/** The dialog of this id (undefined: no feature declares one). */
export function workspaceDialog(id: string) {
  return dialogs.get(id)
}

/** The features' gates of a workspace that cannot be opened, outermost first. */
export const workspaceGates = features
  .flatMap((f) => (f.gate ? [f.gate] : []))
  .sort((a, b) => a.order - b.order)
  .map((gate) => lazyRetrying(gate.load, ({ children }) => children))

/** The features' notices over the open workspace. */
export const workspaceNotices = features.flatMap((f) =>
  f.notice ? [{ id: f.id, Notice: lazyRetrying(f.notice.load, Nothing) }] : []
)
